import {
  CLIENT_IMPORT_FIELD_LABELS,
  CLIENT_IMPORT_JOINERS,
  CLIENT_IMPORT_MAX_COLUMNS_PER_FIELD,
  CLIENT_IMPORT_REQUIRED,
  type ClientImportField,
  type ClientImportMapping,
  type ClientImportPreview,
  type ClientImportResult,
} from '@invoicer/domain/api/imports';
import { useMutation } from '@tanstack/react-query';
import { Upload } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { failureMessage } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';
import { importClients, previewClientImport } from '../api/imports-api';
import { columnLabel, IMPORT_TEXTS, MAPPED_FIELDS, mappedValue, withColumn } from '../model/mapping';
import { ImportFileField, ImportReport } from './import-parts';
import { SkippedList } from './skipped-list';

/** A change of mapping settles this long before the server is asked what the import would do. */
const PREVIEW_DEBOUNCE_MS = 350;

const selectClass =
  'h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30 md:h-10';

export interface ClientImportDialogProps {
  open: boolean;
  onClose: () => void;
  /** The Import button: focus goes back to it when the dialog closes. */
  returnFocus: HTMLElement | null;
}

/**
 * Clients from a CSV file (docs/product/importing.md#the-import-dialogs): choose the file, map its columns to the
 * client's fields with the first rows shown as they would be imported and the server's count of what would be skipped,
 * import, then the report. The server reads the file each time; nothing is parsed here.
 */
export function ClientImportDialog({ open, onClose, returnFocus }: ClientImportDialogProps) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ClientImportPreview | null>(null);
  const [mapping, setMapping] = useState<ClientImportMapping | null>(null);
  const [result, setResult] = useState<ClientImportResult | null>(null);
  const [reading, setReading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fileInputId = useId();
  const errorId = useId();
  const previewRequest = useRef<AbortController | null>(null);

  const importing = useMutation({
    networkMode: 'always',
    meta: { invalidates: [queryRoots.clients, queryRoots.parties, queryRoots.notifications] },
    mutationFn: ({ chosen, columns }: { chosen: File; columns: ClientImportMapping }) => importClients(chosen, columns),
    onSuccess: (answer) => {
      setResult(answer);
      toast.success(answer.message);
    },
    onError: (failure) => setError(failureMessage(failure, IMPORT_TEXTS.importFailed)),
  });

  const reset = () => {
    previewRequest.current?.abort();
    setFile(null);
    setPreview(null);
    setMapping(null);
    setResult(null);
    setError(null);
    setReading(false);
    importing.reset();
  };

  /** Asks the server how it reads the file, with this mapping (null: its suggestion). */
  const ask = async (chosen: File, columns: ClientImportMapping | null) => {
    previewRequest.current?.abort();
    const controller = new AbortController();
    previewRequest.current = controller;
    setReading(true);
    try {
      const answer = await previewClientImport(chosen, columns, controller.signal);
      if (controller.signal.aborted) return;
      setPreview(answer);
      if (!columns) setMapping(answer.mapping);
      setError(null);
    } catch (failure) {
      if (controller.signal.aborted) return;
      setError(failureMessage(failure, IMPORT_TEXTS.previewFailed));
      if (!columns) setPreview(null);
    } finally {
      if (!controller.signal.aborted) setReading(false);
    }
  };

  // A new mapping: the server's count of what would be imported follows it, once the selects settle.
  useEffect(() => {
    if (!file || !mapping || !preview || result) return;
    const same = MAPPED_FIELDS.every((field) => mapping[field].join() === preview.mapping[field].join());
    if (same) return;
    const timer = window.setTimeout(() => void ask(file, mapping), PREVIEW_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [file, mapping, preview, result]);

  const close = () => {
    if (importing.isPending) return;
    reset();
    onClose();
  };

  const missing = mapping ? CLIENT_IMPORT_REQUIRED.filter((field) => mapping[field].length === 0) : [];
  const canImport = !!file && !!mapping && missing.length === 0 && !reading && !importing.isPending && !error;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : close())}
      title={IMPORT_TEXTS.clientsTitle}
      description={IMPORT_TEXTS.clientsDescription}
      busy={importing.isPending}
      returnFocus={returnFocus}
      className="sm:max-w-3xl"
    >
      {result ? (
        <ImportReport
          message={result.message}
          skipped={result.skipped.map((entry) => ({ where: IMPORT_TEXTS.row(entry.row), reason: entry.reason }))}
          onAgain={reset}
          onDone={close}
        />
      ) : (
        <div>
          <ImportFileField
            id={fileInputId}
            label="CSV file"
            accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain"
            error={error}
            errorId={errorId}
            onChoose={(chosen) => {
              setPreview(null);
              setMapping(null);
              setError(null);
              setFile(chosen);
              if (chosen) void ask(chosen, null);
            }}
          />
          {reading && !preview && <Spinner label={IMPORT_TEXTS.reading} className="mt-3 text-slate-500" />}

          {preview && mapping && (
            <MappingStep preview={preview} mapping={mapping} onChange={setMapping} reading={reading} />
          )}

          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <Button variant="secondary" className="h-11 md:h-10" onClick={close} disabled={importing.isPending}>
              Cancel
            </Button>
            <Button
              className="h-11 md:h-10"
              disabled={!canImport}
              onClick={() => file && mapping && importing.mutate({ chosen: file, columns: mapping })}
            >
              <Upload className="h-4 w-4" aria-hidden />
              {importing.isPending ? IMPORT_TEXTS.importing : 'Import'}
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}

function MappingStep({
  preview,
  mapping,
  onChange,
  reading,
}: {
  preview: ClientImportPreview;
  mapping: ClientImportMapping;
  onChange: (mapping: ClientImportMapping) => void;
  reading: boolean;
}) {
  const baseId = useId();
  const shown = MAPPED_FIELDS.filter((field) => mapping[field].length > 0);
  return (
    <div className="mt-5 space-y-5">
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">Columns</legend>
        <p className="mt-1 text-sm text-slate-600">Choose the column that holds each field.</p>
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          {MAPPED_FIELDS.map((field) => (
            <FieldSelects
              key={field}
              id={`${baseId}-${field}`}
              field={field}
              columns={preview.columns}
              mapping={mapping}
              onChange={onChange}
            />
          ))}
        </div>
      </fieldset>

      <section aria-label="Preview" className="space-y-2">
        <div className="flex items-center gap-2">
          <h3 className="text-sm font-semibold text-slate-900">Preview</h3>
          {reading && <Spinner label="Updating the preview" className="text-slate-400" />}
        </div>
        <p role="status" className="text-sm text-slate-700">
          {IMPORT_TEXTS.wouldImport(preview.imported, preview.skipped.length)}
        </p>
        <div className="overflow-x-auto rounded-lg border border-slate-200">
          <table className="min-w-full text-left text-sm">
            <caption className="sr-only">The first rows of the file, as they would be imported</caption>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                {shown.map((field) => (
                  <th key={field} scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
                    {CLIENT_IMPORT_FIELD_LABELS[field]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {preview.sample.map((cells, row) => (
                <tr key={row}>
                  {shown.map((field) => (
                    <td
                      key={field}
                      className="max-w-56 px-3 py-2 align-top break-words whitespace-pre-line text-slate-900"
                    >
                      {mappedValue(cells, mapping[field], field)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <SkippedList
          label={IMPORT_TEXTS.skippedTitle(preview.skipped.length)}
          entries={preview.skipped.map((entry) => ({ where: IMPORT_TEXTS.row(entry.row), reason: entry.reason }))}
        />
      </section>
    </div>
  );
}

function FieldSelects({
  id,
  field,
  columns,
  mapping,
  onChange,
}: {
  id: string;
  field: ClientImportField;
  columns: string[];
  mapping: ClientImportMapping;
  onChange: (mapping: ClientImportMapping) => void;
}) {
  const label = CLIENT_IMPORT_FIELD_LABELS[field];
  const required = CLIENT_IMPORT_REQUIRED.includes(field);
  const joined = CLIENT_IMPORT_JOINERS[field] !== undefined;
  const slots = mapping[field].length === 0 ? [null] : mapping[field];
  return (
    <div>
      <Label htmlFor={`${id}-0`}>
        {label}
        {required && <span className="text-slate-500"> (required)</span>}
      </Label>
      <div className="mt-1 space-y-2">
        {slots.map((column, slot) => (
          <select
            key={slot}
            id={`${id}-${slot}`}
            aria-label={slot === 0 ? undefined : `${label}, column ${slot + 1}`}
            className={selectClass}
            value={column === null ? '' : String(column)}
            onChange={(event) =>
              onChange(withColumn(mapping, field, slot, event.target.value === '' ? null : Number(event.target.value)))
            }
          >
            <option value="">{IMPORT_TEXTS.notImported}</option>
            {columns.map((_, index) => (
              <option key={index} value={index}>
                {columnLabel(columns, index)}
              </option>
            ))}
          </select>
        ))}
      </div>
      {joined && mapping[field].length > 0 && mapping[field].length < CLIENT_IMPORT_MAX_COLUMNS_PER_FIELD && (
        <Button
          variant="ghost"
          size="sm"
          className="mt-1 h-11 md:h-8"
          onClick={() => {
            const next = columns.findIndex((_, index) => !mapping[field].includes(index));
            if (next >= 0) onChange(withColumn(mapping, field, mapping[field].length, next));
          }}
        >
          {IMPORT_TEXTS.addColumn}
          <span className="sr-only"> to {label}</span>
        </Button>
      )}
    </div>
  );
}
