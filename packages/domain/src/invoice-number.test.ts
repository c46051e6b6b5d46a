import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  contentDisposition,
  FIRST_INVOICE_NUMBER,
  invoiceFileName,
  invoiceNumberValue,
  nextInvoiceNumber,
  pdfDownloadName,
} from './invoice-number';

/** Any code points, plus UTF-16 units on their own (lone surrogates). */
const anyText = fc.oneof(
  fc.string({ unit: 'binary' }),
  fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)) }),
);

describe('nextInvoiceNumber', () => {
  it("starts at '0001'", () => {
    expect(FIRST_INVOICE_NUMBER).toBe('0001');
    expect(nextInvoiceNumber([])).toBe('0001');
    expect(nextInvoiceNumber(['DRAFT', ''])).toBe('0001');
  });

  it('adds 1 to the highest numeric part and pads to 4 digits', () => {
    expect(nextInvoiceNumber(['0001', '0002'])).toBe('0003');
    expect(nextInvoiceNumber(['INV-0042', '0007', 'X'])).toBe('0043');
    expect(nextInvoiceNumber(['2026-015', '2026-009'])).toBe('0016');
    expect(nextInvoiceNumber(['9'])).toBe('0010');
  });

  it('never truncates longer numbers and stays exact beyond 2^53', () => {
    expect(nextInvoiceNumber(['9999'])).toBe('10000');
    expect(nextInvoiceNumber(['INV-123456'])).toBe('123457');
    expect(nextInvoiceNumber(['99999999999999999999'])).toBe('100000000000000000000');
  });

  it('reads the last run of ASCII digits only', () => {
    expect(invoiceNumberValue('2026-0041-A')).toBe(41n);
    expect(invoiceNumberValue('12a34b')).toBe(34n);
    expect(invoiceNumberValue('INV-\u0664\u0662')).toBeNull(); // Arabic-Indic digits are not digits here
    expect(invoiceNumberValue('no digits')).toBeNull();
  });

  it('is always above every existing numeric part', () => {
    fc.assert(
      fc.property(fc.array(fc.string()), (numbers) => {
        const next = BigInt(nextInvoiceNumber(numbers));
        for (const number of numbers) {
          const value = invoiceNumberValue(number);
          if (value !== null) expect(next).toBeGreaterThan(value);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('invoiceFileName', () => {
  it('replaces non-alphanumerics with underscores, lower-cases and appends the date', () => {
    expect(invoiceFileName('INV-0042', '2026-11-21')).toBe('inv_0042_2026-11-21.pdf');
    expect(invoiceFileName('A/B C#1', '2026-01-02')).toBe('a_b_c_1_2026-01-02.pdf');
    expect(invoiceFileName('Ünï 7', '2026-01-02')).toBe('_n__7_2026-01-02.pdf');
  });

  it('copes with a missing number or date', () => {
    expect(invoiceFileName('', '2026-01-02')).toBe('invoice_2026-01-02.pdf');
    expect(invoiceFileName('0001', null)).toBe('0001.pdf');
  });

  it('only ever produces safe names', () => {
    fc.assert(
      fc.property(fc.string(), fc.option(fc.string()), (number, date) => {
        expect(invoiceFileName(number, date)).toMatch(/^[a-z0-9_]{1,100}(?:_[0-9-]{1,10})?\.pdf$/);
      }),
      { numRuns: 500 },
    );
  });
});

describe('pdfDownloadName', () => {
  it("uses the recipient's first line with spaces as underscores", () => {
    expect(pdfDownloadName('Globex Corp\n2 Side Road')).toBe('invoice-Globex_Corp.pdf');
    expect(pdfDownloadName('  Zoë  Café  \r\nParis')).toBe('invoice-Zoë_Café.pdf');
  });

  it('falls back to invoice.pdf when nothing usable is left', () => {
    expect(pdfDownloadName('')).toBe('invoice.pdf');
    expect(pdfDownloadName('\nSecond line')).toBe('invoice.pdf');
    expect(pdfDownloadName('"/\\:*?<>|')).toBe('invoice.pdf');
  });

  it('strips path, quote, control and bidi characters and caps the length', () => {
    expect(pdfDownloadName('../../etc/passwd')).toBe('invoice-....etcpasswd.pdf');
    expect(pdfDownloadName('Evil"; filename="x.exe')).toBe('invoice-Evil_filename=x.exe.pdf');
    expect(pdfDownloadName('Bad\u0000\u0007Name\u202Efdp.exe')).toBe('invoice-BadNamefdp.exe.pdf');
    expect(pdfDownloadName('Lone\uD800Surrogate')).toBe('invoice-LoneSurrogate.pdf');
    expect(pdfDownloadName('x'.repeat(500))).toBe(`invoice-${'x'.repeat(100)}.pdf`);
  });

  it('never yields a character that is unsafe in a header or file name', () => {
    fc.assert(
      fc.property(anyText, (to) => {
        const name = pdfDownloadName(to);
        expect(name).toMatch(/^invoice(-.+)?\.pdf$/u);
        expect(name).not.toMatch(/[\p{Cc}\p{Cf}/\\:*?"<>|;%\s]/u);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('contentDisposition', () => {
  it('gives an ASCII fallback and the exact UTF-8 name', () => {
    expect(contentDisposition('invoice-Globex_Corp.pdf')).toBe(
      `attachment; filename="invoice-Globex_Corp.pdf"; filename*=UTF-8''invoice-Globex_Corp.pdf`,
    );
    expect(contentDisposition('invoice-Zoë.pdf', 'inline')).toBe(
      `inline; filename="invoice-Zoe.pdf"; filename*=UTF-8''invoice-Zo%C3%AB.pdf`,
    );
  });

  it('keeps any input header-safe', () => {
    fc.assert(
      fc.property(anyText, (name) => {
        expect(contentDisposition(name)).toMatch(
          /^attachment; filename="[\x20-\x21\x23-\x7e]+"; filename\*=UTF-8''[A-Za-z0-9%!._~-]*$/,
        );
      }),
      { numRuns: 1000 },
    );
  });
});
