import { describe, expect, it } from 'vitest';
import { DOCUMENT_LANGUAGES } from './document-language';
import { DOCUMENT_LABELS, labelsFor, type DocumentLabels } from './document-labels';

/** Every label as text: functions called with sample values. */
function texts(labels: DocumentLabels): Record<keyof DocumentLabels, string> {
  return Object.fromEntries(
    Object.entries(labels).map(([key, value]) => [
      key,
      typeof value === 'function' ? (value as (...args: unknown[]) => string)('0042', 7) : value,
    ]),
  ) as Record<keyof DocumentLabels, string>;
}

/** Labels that are the same word in English and that language (bank codes, and words languages share). */
const SAME_AS_ENGLISH: Partial<Record<string, ReadonlyArray<keyof DocumentLabels>>> = {
  '*': ['iban', 'bic'],
  de: ['logo'],
  fr: ['total', 'logo'],
  es: ['subtotal', 'total'],
  it: ['logo'],
  nl: ['logo'],
  pt: ['subtotal', 'total'],
  pl: ['logo'],
};

describe('the label catalogue (issue 16: the document language)', () => {
  const english = texts(DOCUMENT_LABELS.en);
  const keys = Object.keys(english) as Array<keyof DocumentLabels>;

  it('has a module for each of the 13 languages, each with every label, none empty', () => {
    expect(Object.keys(DOCUMENT_LABELS).sort()).toEqual([...DOCUMENT_LANGUAGES].sort());
    expect(keys.length).toBeGreaterThanOrEqual(30);
    for (const language of DOCUMENT_LANGUAGES) {
      const labels = texts(DOCUMENT_LABELS[language]);
      expect(Object.keys(labels).sort(), language).toEqual([...keys].sort());
      for (const key of keys) expect(labels[key].trim(), `${language}.${key}`).not.toBe('');
    }
  });

  it('is translated: no label equals the English one except where the word is the same', () => {
    for (const language of DOCUMENT_LANGUAGES.filter((code) => code !== 'en')) {
      const labels = texts(DOCUMENT_LABELS[language]);
      const allowed = new Set([...(SAME_AS_ENGLISH['*'] ?? []), ...(SAME_AS_ENGLISH[language] ?? [])]);
      for (const key of keys) {
        if (allowed.has(key)) continue;
        expect(labels[key], `${language}.${key} is still English`).not.toBe(english[key]);
      }
    }
  });

  it('puts the values into the labels that carry them', () => {
    for (const language of DOCUMENT_LANGUAGES) {
      const labels = DOCUMENT_LABELS[language];
      expect(labels.invoiceNumber('0042')).toContain('0042');
      expect(labels.footerInvoice('0042')).toContain('0042');
      expect(labels.page(3, 9)).toMatch(/3.*9/);
      const vat = labels.vatGroup('19%', '€5.00');
      expect(vat).toContain('19%');
      expect(vat).toContain('€5.00');
      expect(labels.amountDue('€5.00')).toContain('€5.00');
      const summary = labels.amountDueBy('€5.00', 'DATE');
      expect(summary).toContain('€5.00');
      expect(summary).toContain('DATE');
      // The e-mail's texts carry their values, and none when there is none (ADR 75).
      const values = [
        labels.emailSubject('0042', 'Ada Studio'),
        labels.emailReminderSubject('0042', 'Ada Studio'),
        labels.emailBody('0042', '€5.00', 'DATE'),
        labels.emailReminderDue('0042', '€5.00', 'DATE'),
        labels.emailReminderOverdue('0042', '€5.00', 'DATE'),
      ];
      for (const text of values) expect(text).toContain('0042');
      for (const text of values.slice(2)) expect(text).toMatch(/€5\.00[\s\S]*DATE|DATE[\s\S]*€5\.00/);
      expect(labels.emailSubject('0042', '')).not.toContain('Ada');
      expect(labels.emailBody('0042', '€5.00', '')).not.toMatch(/undefined|DATE/);
      expect(labels.emailReminderOpen('0042', '€5.00')).toContain('€5.00');
      expect(labels.emailGreeting('Acme')).toContain('Acme');
      expect(labels.emailGreeting('')).not.toMatch(/undefined/);
      expect(labels.emailLinkLine('{link}')).toContain('{link}');
      expect(labels.emailViewOnline('https://x.test/i/1')).toContain('https://x.test/i/1');
      expect(labels.emailButton('0042')).toContain('0042');
      expect(labels.emailAttachment('a.pdf', 'me@x.test')).toMatch(/a\.pdf[\s\S]*me@x\.test/);
      // The logo's alternative text names the sender (ADR 75).
      expect(labels.logoOf('Ada Lovelace Studio')).toContain('Ada Lovelace Studio');
      expect(labels.logoOf('Ada Lovelace Studio')).not.toBe('Ada Lovelace Studio');
      // The public page's texts carry their values; the product name stays as given.
      expect(labels.pageTitle('0042', 'Ada Studio')).toMatch(/0042[\s\S]*Ada Studio|Ada Studio[\s\S]*0042/);
      expect(labels.pageTitle('0042', '')).toContain('0042');
      expect(labels.pageTitle('0042', '')).not.toMatch(/undefined|Ada/);
      expect(labels.sentYouThis('Ada Studio').split('Ada Studio')).toHaveLength(2);
      expect(labels.sentWith('Invoicer').split('Invoicer')).toHaveLength(2);
      expect(labels.paymentQrAlt('€5.00', 'DE89 3704', 'RF18')).toMatch(
        /(?=[\s\S]*€5\.00)(?=[\s\S]*DE89 3704)(?=[\s\S]*RF18)/,
      );
    }
  });

  it('keeps English exactly as the document printed before it had a language', () => {
    expect(english).toMatchObject({
      invoice: 'INVOICE',
      invoiceNumber: '#0042',
      billTo: 'Bill to',
      quantity: 'Qty',
      paymentDetails: 'Payment Details',
      footerInvoice: 'Invoice #0042',
      page: 'Page 0042 of 7',
      amountDueBy: 'Amount due 0042 by 7',
      // The public page's texts as they were before they had a language.
      sentYouThis: '0042 sent you this invoice.',
      downloadPdf: 'Download PDF',
      sentWith: 'Sent with 0042',
      notSet: 'Not set',
      statusOverdue: 'Overdue',
      linkNotFoundTitle: 'This link does not work',
    });
  });

  it('finds the labels by the primary language of a tag, English for none', () => {
    expect(labelsFor('de-CH')).toBe(DOCUMENT_LABELS.de);
    expect(labelsFor('fr-CA').invoice).toBe('FACTURE');
    expect(labelsFor(null)).toBe(DOCUMENT_LABELS.en);
    expect(DOCUMENT_LABELS.de.invoice).toBe('RECHNUNG');
    expect(DOCUMENT_LABELS.ja.invoice).toBe('請求書');
  });
});
