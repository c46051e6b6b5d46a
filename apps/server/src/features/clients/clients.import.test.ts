import { spreadsheetSafe } from '@invoicer/domain/api/account-export';
import { IMPORT_LIMITS, IMPORT_MESSAGES } from '@invoicer/domain/api/imports';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestAccount } from '../../../test/accounts';
import type { TestApp } from '../../../test/app';
import { expectFailure, tableCounts } from '../../../test/party-fixtures';
import { adaAndBob } from '../../../test/two-users';
import { multipartForm } from '../../../test/upload-fixtures';
import { headerKey, suggestMapping } from './clients.import';
import { detectDelimiter } from './clients.import.csv';

/** POST a CSV (bytes or text) with an optional mapping, as `account`. */
function post(
  app: FastifyInstance,
  account: TestAccount,
  url: '/api/clients/import' | '/api/clients/import/preview',
  file: Buffer | string | null,
  fields: Record<string, string> = {},
) {
  const bytes = typeof file === 'string' ? Buffer.from(file, 'utf8') : file;
  const form = multipartForm(bytes ? { bytes, name: 'clients.csv' } : null, fields);
  return app.inject({
    method: 'POST',
    url,
    headers: { ...form.headers, cookie: account.cookie },
    payload: form.payload,
  });
}

async function storedClients(t: TestApp, account: TestAccount) {
  const { rows } = await t.pool.query<{ name: string; email: string; phone: string; address: string; tax_id: string }>(
    `select name, email, phone, address, tax_id from clients where user_id = $1 order by created_at desc, id desc`,
    [account.id],
  );
  return rows;
}

function utf16(text: string, endian: 'le' | 'be'): Buffer {
  const le = Buffer.from(`\ufeff${text}`, 'utf16le');
  if (endian === 'le') return le;
  const be = Buffer.alloc(le.length);
  for (let index = 0; index < le.length; index += 2) {
    be[index] = le[index + 1]!;
    be[index + 1] = le[index]!;
  }
  return be;
}

describe('the CSV reader and the suggested mapping', () => {
  it('finds the delimiter in the header row, outside quotes', () => {
    expect(detectDelimiter('Name,Email\nA;B,c')).toBe(',');
    expect(detectDelimiter('Name;E-Mail;Telefon\n')).toBe(';');
    expect(detectDelimiter('Name\tEmail\n')).toBe('\t');
    expect(detectDelimiter('"Name;a","b"\n')).toBe(',');
    expect(detectDelimiter('Name\n')).toBe(',');
  });

  it('suggests fields from header names in several languages, and joins name and address parts', () => {
    expect(headerKey(' E-Mail Adresse ')).toBe('emailadresse');
    expect(suggestMapping(['Firma', 'E-Mail', 'Telefon', 'USt-IdNr.', 'Straße', 'PLZ', 'Ort', 'Land'])).toEqual({
      name: [0],
      email: [1],
      phone: [2],
      tax_id: [3],
      address: [4, 5, 6, 7],
    });
    expect(suggestMapping(['First name', 'Last name', 'Email address', 'Notes'])).toEqual({
      name: [0, 1],
      email: [2],
      phone: [],
      tax_id: [],
      address: [],
    });
    expect(suggestMapping(['Contact', 'Company', 'Mail', 'Address', 'City'])).toMatchObject({
      name: [1],
      email: [2],
      address: [3],
    });
  });
});

describe('POST /api/clients/import', () => {
  let t: TestApp, ada: TestAccount, bob: TestAccount;
  beforeAll(async () => {
    ({ t, ada, bob } = await adaAndBob());
  });

  it('imports the rows that pass in one go and reports every skipped row with its reason', async () => {
    const account = await signUp(t.app);
    // Bob already has this address: it is Bob's, not this account's, so it is no duplicate here.
    await post(t.app, bob, '/api/clients/import', 'Name,Email\nTaken Elsewhere,dup@example.com\n');
    const existing = await t.app.inject({
      method: 'POST',
      url: '/api/clients',
      headers: { cookie: account.cookie },
      payload: { name: 'Already Here', email: 'Known@Example.com' },
    });
    expect(existing.statusCode).toBe(201);
    const csv = [
      'Company,E-mail,Phone,Street,City,VAT number',
      'Acme GmbH,ap@acme.example,+49 30 1,Hauptstraße 1,Berlin,DE123',
      ',nobody@example.com,,,,', // no name
      'Bad Mail,not-an-address,,,,',
      'Second Acme,AP@ACME.example,,,,', // the same address as row 2
      'Known Co,known@example.com,,,,', // already a client
      ',,,,,', // blank: not a row of data
      '"Quoted, Inc.","q@example.com","","Line 1\nLine 2",Paris,',
      'Dup Elsewhere,dup@example.com,,,,',
    ].join('\r\n');
    const before = await tableCounts(t.pool);
    const response = await post(t.app, account, '/api/clients/import', csv);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({
      success: true,
      message: 'Imported 3 clients.',
      imported: 3,
      skipped: [
        { row: 3, reason: 'Name is required' },
        { row: 4, reason: 'Invalid email format' },
        { row: 5, reason: IMPORT_MESSAGES.duplicateInFile(2) },
        { row: 6, reason: IMPORT_MESSAGES.duplicateExisting },
      ],
    });
    const after = await tableCounts(t.pool);
    expect(after.clients - before.clients).toBe(3);
    // One notification for the import, not one per client.
    expect(after.notifications - before.notifications).toBe(1);
    const stored = await storedClients(t, account);
    // The file's first row is the newest: the list shows the clients in the file's order.
    expect(stored.slice(0, 3)).toEqual([
      {
        name: 'Acme GmbH',
        email: 'ap@acme.example',
        phone: '+49 30 1',
        address: 'Hauptstraße 1\nBerlin',
        tax_id: 'DE123',
      },
      { name: 'Quoted, Inc.', email: 'q@example.com', phone: '', address: 'Line 1\nLine 2\nParis', tax_id: '' },
      { name: 'Dup Elsewhere', email: 'dup@example.com', phone: '', address: '', tax_id: '' },
    ]);
    const { rows } = await t.pool.query(`select search_text from clients where user_id = $1 and email = $2`, [
      account.id,
      'ap@acme.example',
    ]);
    expect(rows[0].search_text).toContain('hauptstrasse');
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/clients?search=acme',
      headers: { cookie: account.cookie },
    });
    expect(list.json().clients.map((client: { name: string }) => client.name)).toEqual(['Acme GmbH']);
  });

  it('uses the mapping sent, by header or column number, with several columns joined', async () => {
    const account = await signUp(t.app);
    const csv = 'Given;Family;Contact;Box\nAda;Lovelace;ada@example.com;Row 1\nAlan;Turing;alan@example.com;';
    const mapping = JSON.stringify({ name: ['Given', 1], email: 'contact', address: 3, phone: null });
    const response = await post(t.app, account, '/api/clients/import', csv, { mapping });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().imported).toBe(2);
    expect(await storedClients(t, account)).toEqual([
      { name: 'Ada Lovelace', email: 'ada@example.com', phone: '', address: 'Row 1', tax_id: '' },
      { name: 'Alan Turing', email: 'alan@example.com', phone: '', address: '', tax_id: '' },
    ]);
  });

  it('keeps formulas as text, and the export escapes them', async () => {
    const account = await signUp(t.app);
    const formula = '=HYPERLINK("http://evil.example","Click")';
    const csv = `Name,Email,Phone\n"${formula.replaceAll('"', '""')}",f@example.com,+1 555\n@SUM(1),g@example.com,-1+1`;
    const response = await post(t.app, account, '/api/clients/import', csv);
    expect(response.statusCode, response.body).toBe(201);
    const stored = await storedClients(t, account);
    expect(stored.map((client) => client.name)).toEqual([formula, '@SUM(1)']);
    expect(stored[1]!.phone).toBe('-1+1');
    // What the export writes into clients.csv (packages/domain/src/api/account-export.ts).
    expect(stored.map((client) => spreadsheetSafe(client.name))).toEqual([`'${formula}`, "'@SUM(1)"]);
  });

  it('reads Windows-1252, UTF-8 with a BOM and UTF-16 with a BOM alike', async () => {
    const text = 'Name;Email;Address\nMüller & Söhne;m@example.com;Straße 5 – Köln\n';
    const files: Array<[string, Buffer]> = [
      ['Windows-1252', encode1252(text)],
      ['UTF-8', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')])],
      ['UTF-16LE', utf16(text, 'le')],
      ['UTF-16BE', utf16(text, 'be')],
    ];
    for (const [encoding, bytes] of files) {
      const account = await signUp(t.app);
      const preview = await post(t.app, account, '/api/clients/import/preview', bytes);
      expect(preview.statusCode, preview.body).toBe(200);
      expect(preview.json().file).toEqual({ encoding, delimiter: ';', rows: 1 });
      expect(preview.json().columns).toEqual(['Name', 'Email', 'Address']);
      const response = await post(t.app, account, '/api/clients/import', bytes);
      expect(response.statusCode, response.body).toBe(201);
      expect(await storedClients(t, account)).toEqual([
        { name: 'Müller & Söhne', email: 'm@example.com', phone: '', address: 'Straße 5 – Köln', tax_id: '' },
      ]);
    }
  });

  it('previews the first rows, the suggested mapping and what would be skipped, writing nothing', async () => {
    const account = await signUp(t.app);
    const rows = Array.from({ length: 8 }, (_, index) => `Client ${index + 1}\tc${index + 1}@example.com\t`);
    rows[6] = 'Client 7\tbroken\t';
    const csv = `Client name\tEmail\tExtra\n${rows.join('\n')}\n`;
    const before = await tableCounts(t.pool);
    const response = await post(t.app, account, '/api/clients/import/preview', csv);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      file: { encoding: 'UTF-8', delimiter: '\t', rows: 8 },
      columns: ['Client name', 'Email', 'Extra'],
      sample: rows.slice(0, IMPORT_LIMITS.previewRows).map((row) => row.split('\t')),
      mapping: { name: [0], email: [1], phone: [], address: [], tax_id: [] },
      suggested: true,
      imported: 7,
      skipped: [{ row: 8, reason: 'Invalid email format' }],
    });
    const withMapping = await post(t.app, account, '/api/clients/import/preview', csv, {
      mapping: JSON.stringify({ name: 'Email', email: 'Email' }),
    });
    expect(withMapping.json()).toMatchObject({ suggested: false, mapping: { name: [1], email: [1] }, imported: 7 });
    expect(await tableCounts(t.pool)).toEqual(before);
  });

  it('refuses a whole file that cannot be imported, and writes nothing', async () => {
    const account = await signUp(t.app);
    const before = await tableCounts(t.pool);
    const cases: Array<[Buffer | string | null, Record<string, string>, string]> = [
      ['Name,Phone\nAcme,1\n', {}, IMPORT_MESSAGES.missingColumn('Email')],
      ['Email,Phone\na@example.com,1\n', {}, IMPORT_MESSAGES.missingColumn('Name')],
      ['Name,Email\n', {}, IMPORT_MESSAGES.noRows],
      ['', {}, IMPORT_MESSAGES.empty],
      ['\n\n , \n', {}, IMPORT_MESSAGES.empty],
      [null, {}, IMPORT_MESSAGES.missingFile],
      ['Name,Email\n"Acme,a@example.com\n', {}, IMPORT_MESSAGES.malformed(2, 'a quoted cell is never closed')],
      [
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48]),
        {},
        IMPORT_MESSAGES.binary,
      ],
      [
        'Name,Email\nA,a@example.com\n',
        { mapping: '{"name": "Nope", "email": 1}' },
        IMPORT_MESSAGES.unknownColumn('Nope'),
      ],
      ['Name,Email\nA,a@example.com\n', { mapping: '{"name": 0, "email": 5}' }, IMPORT_MESSAGES.columnOutOfRange(5, 2)],
      [
        'Name,Email\nA,a@example.com\n',
        { mapping: '{"name": 0, "email": [1, 0]}' },
        IMPORT_MESSAGES.singleColumn('Email'),
      ],
      ['Name,Email\nA,a@example.com\n', { mapping: 'not json' }, IMPORT_MESSAGES.mappingInvalid],
      ['Name,Email\nA,a@example.com\n', { mapping: '{"colour": 0}' }, IMPORT_MESSAGES.mappingInvalid],
      ['Name,Email\nA,a@example.com\n', { mapping: '{"name": 0}' }, IMPORT_MESSAGES.missingColumn('Email')],
      [`${Array.from({ length: 201 }, (_, index) => `c${index}`).join(',')}\n`, {}, IMPORT_MESSAGES.tooManyColumns],
    ];
    for (const [file, fields, message] of cases) {
      for (const url of ['/api/clients/import', '/api/clients/import/preview'] as const) {
        expectFailure(await post(t.app, account, url, file, fields), 400, message);
      }
    }
    // A file in another form field, and a body that is not multipart at all.
    const wrongField = multipartForm({ bytes: Buffer.from('Name,Email\n'), field: 'upload' });
    expectFailure(
      await t.app.inject({
        method: 'POST',
        url: '/api/clients/import',
        headers: { ...wrongField.headers, cookie: account.cookie },
        payload: wrongField.payload,
      }),
      400,
      IMPORT_MESSAGES.wrongField,
    );
    expectFailure(
      await t.app.inject({
        method: 'POST',
        url: '/api/clients/import',
        headers: { cookie: account.cookie },
        payload: { file: 'Name,Email\nA,a@example.com' },
      }),
      400,
      IMPORT_MESSAGES.notMultipart,
    );
    expect(await tableCounts(t.pool)).toEqual(before);
  });

  it('refuses a file over the size limit while it arrives, saying the limit', async () => {
    const account = await signUp(t.app);
    const line = 'Some Client Name,someone@example.com,+49 30 123456,Some Street 1\n';
    const big = Buffer.from(
      `Name,Email,Phone,Address\n${line.repeat(Math.ceil(IMPORT_LIMITS.csvBytes / line.length) + 10)}`,
    );
    const before = await tableCounts(t.pool);
    expectFailure(
      await post(t.app, account, '/api/clients/import', big),
      400,
      IMPORT_MESSAGES.tooLarge(IMPORT_LIMITS.csvBytes),
    );
    expect(await tableCounts(t.pool)).toEqual(before);
  });

  it('answers a file of 100,000 rows with the row limit, and imports one at the limit', async () => {
    const account = await signUp(t.app);
    const rows = (count: number) =>
      `Name,Email\n${Array.from({ length: count }, (_, index) => `Client ${index},c${index}@x.example`).join('\n')}`;
    const before = await tableCounts(t.pool);
    expectFailure(await post(t.app, account, '/api/clients/import', rows(100_000)), 400, IMPORT_MESSAGES.tooManyRows);
    expect(await tableCounts(t.pool)).toEqual(before);
    const response = await post(t.app, account, '/api/clients/import', rows(IMPORT_LIMITS.csvRows));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ imported: IMPORT_LIMITS.csvRows, skipped: [] });
    const { rows: counted } = await t.pool.query(`select count(*)::int as n from clients where user_id = $1`, [
      account.id,
    ]);
    expect(counted[0].n).toBe(IMPORT_LIMITS.csvRows);
  });

  it('writes none of the rows when the transaction fails part-way (a fault injected in PostgreSQL)', async () => {
    const account = await signUp(t.app);
    // A trigger that fails the insert of one row, in the second batch of 5,000: the first batch was already written.
    await t.pool.query(`
      create function fail_on_boom() returns trigger language plpgsql as $$
      begin
        if new.name = 'Boom 5500' then raise exception 'injected fault'; end if;
        return new;
      end $$;
      create trigger clients_fail_on_boom before insert on clients for each row execute function fail_on_boom();`);
    try {
      const csv = `Name,Email\n${Array.from({ length: 6_000 }, (_, index) => `Boom ${index},b${index}@x.example`).join('\n')}`;
      const before = await tableCounts(t.pool);
      const response = await post(t.app, account, '/api/clients/import', csv);
      expect(response.statusCode).toBe(500);
      expect(response.json().success).toBe(false);
      expect(await tableCounts(t.pool)).toEqual(before);
    } finally {
      await t.pool.query('drop trigger clients_fail_on_boom on clients; drop function fail_on_boom();');
    }
  });

  it("refuses another user's id in the form", async () => {
    const form = multipartForm({ bytes: Buffer.from('Name,Email\nA,a@example.com\n') }, { user_id: bob.id });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/clients/import',
      headers: { ...form.headers, cookie: ada.cookie },
      payload: form.payload,
    });
    expectFailure(response, 403, 'You can only access your own account.');
  });
});

/** Text as Windows-1252 bytes (the characters this test uses all exist in it). */
function encode1252(text: string): Buffer {
  const special: Record<string, number> = { '–': 0x96, '€': 0x80 };
  return Buffer.from([...text].map((character) => special[character] ?? character.charCodeAt(0)));
}
