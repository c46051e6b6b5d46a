import { IMPORT_LIMITS, IMPORT_MESSAGES, type CsvFileInfo } from '@invoicer/domain/api/imports';
import { CsvError, parse } from 'csv-parse/sync';
import { badRequest } from '../../plugins/errors';
import { decodeText } from '../../shared/text-decoding';

/**
 * A CSV file read into rows (docs/decisions/0054-importing-clients-and-invoices.md#the-parser): decoded by
 * shared/text-decoding.ts, its delimiter found in the header row, parsed by csv-parse (quoted fields with delimiters,
 * doubled quotes and line breaks; stray quotes inside unquoted fields kept as text). Cells are text and nothing else:
 * `=HYPERLINK(...)` is kept as those characters, never evaluated.
 */

export type Delimiter = CsvFileInfo['delimiter'];

export interface CsvRow {
  /** The row's number as a spreadsheet shows it: the header is row 1, blank rows count. */
  row: number;
  cells: string[];
}

export interface CsvTable {
  info: CsvFileInfo;
  columns: string[];
  /** Data rows that hold anything; blank ones are left out (their numbers are skipped). */
  rows: CsvRow[];
}

const DELIMITERS: readonly Delimiter[] = [',', ';', '\t'];

/**
 * The delimiter of the header row: the most frequent of comma, semicolon and tab outside quotes (a comma when none
 * occurs, or on a tie: a one-column file). European spreadsheets write `;` because `,` is their decimal mark.
 */
export function detectDelimiter(text: string): Delimiter {
  const counts = new Map<string, number>(DELIMITERS.map((delimiter) => [delimiter, 0]));
  let quoted = false;
  for (let index = 0; index < text.length && index < 64 * 1024; index++) {
    const character = text[index]!;
    if (character === '"') quoted = !quoted;
    else if (!quoted && (character === '\n' || character === '\r')) break;
    else if (!quoted && counts.has(character)) counts.set(character, counts.get(character)! + 1);
  }
  let best: Delimiter = ',';
  for (const delimiter of DELIMITERS) if (counts.get(delimiter)! > counts.get(best)!) best = delimiter;
  return best;
}

const isBlank = (cells: string[]) => cells.every((cell) => cell.trim() === '');

/** Thrown from the record callback to stop reading a file that is over a limit. */
class LimitReached extends Error {
  constructor(readonly userMessage: string) {
    super(userMessage);
  }
}

/** Reads the upload as a CSV table, or refuses the whole file with a 400 that says why. */
export function readCsv(bytes: Uint8Array): CsvTable {
  const decoded = decodeText(bytes);
  if (!decoded) throw badRequest(IMPORT_MESSAGES.binary);
  const delimiter = detectDelimiter(decoded.text);
  let dataRows = 0;
  let records = 0;
  let parsed: string[][];
  try {
    parsed = parse(decoded.text, {
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      // A cell longer than this is no client's field: the file is not what it claims.
      max_record_size: 1024 * 1024,
      on_record: (record: string[]) => {
        records++;
        if (record.length > IMPORT_LIMITS.csvColumns) throw new LimitReached(IMPORT_MESSAGES.tooManyColumns);
        if (records > 1 && !isBlank(record) && ++dataRows > IMPORT_LIMITS.csvRows) {
          throw new LimitReached(IMPORT_MESSAGES.tooManyRows);
        }
        // Blank rows are numbered but not kept; a file of nothing else is still bounded.
        if (records > IMPORT_LIMITS.csvRows * 4) throw new LimitReached(IMPORT_MESSAGES.tooManyRows);
        return record;
      },
    }) as string[][];
  } catch (error) {
    const cause = error instanceof LimitReached ? error : (error as { cause?: unknown }).cause;
    if (error instanceof LimitReached) throw badRequest(error.userMessage);
    if (cause instanceof LimitReached) throw badRequest(cause.userMessage);
    if (error instanceof CsvError) throw badRequest(IMPORT_MESSAGES.malformed(records + 1, csvProblem(error)));
    throw error;
  }
  const header = parsed[0];
  if (!header || isBlank(header)) throw badRequest(IMPORT_MESSAGES.empty);
  const columns = header.map((cell) => cell.trim());
  const rows: CsvRow[] = [];
  for (let index = 1; index < parsed.length; index++) {
    const cells = parsed[index]!;
    if (!isBlank(cells)) rows.push({ row: index + 1, cells });
  }
  if (rows.length === 0) throw badRequest(IMPORT_MESSAGES.noRows);
  return { info: { encoding: decoded.encoding, delimiter, rows: rows.length }, columns, rows };
}

/** csv-parse's error, in words a spreadsheet user knows. */
function csvProblem(error: CsvError): string {
  switch (error.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return 'a quoted cell is never closed';
    case 'CSV_MAX_RECORD_SIZE':
      return 'a row is longer than 1 MB';
    default:
      return 'a row cannot be read';
  }
}
