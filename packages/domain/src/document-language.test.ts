import { describe, expect, it } from 'vitest';
import { amountDueSummary } from './amount-due';
import { formatDateForReader } from './dates';
import {
  DOCUMENT_LANGUAGES,
  languageChoices,
  languageDirection,
  languageFromBrowser,
  languageInputSchema,
  normalizeLanguage,
  primaryLanguage,
  resolveDocumentLanguage,
} from './document-language';
import { defaultPaper } from './invoice-templates';
import { formatMoneyForReader, MINUS_SIGN } from './money';
import { formatPercentForReader } from './percent';

const NBSP = '\u00a0';
const NNBSP = '\u202f';

describe('document language tags', () => {
  it('accepts the 13 languages with a script or region, canonical', () => {
    expect(normalizeLanguage('de')).toBe('de');
    expect(normalizeLanguage('DE-ch')).toBe('de-CH');
    expect(normalizeLanguage('en_US')).toBe('en-US');
    expect(normalizeLanguage('zh-hant-tw')).toBe('zh-Hant-TW');
    expect(normalizeLanguage('es-419')).toBe('es-419');
    expect(primaryLanguage('fr-CA')).toBe('fr');
  });

  it('refuses other languages, malformed tags and extensions', () => {
    for (const value of ['xx', 'ru', 'german', 'de-', 'de-CH-x-private', 'de-u-nu-arab', '', ' ', 'e'.repeat(40), 42]) {
      expect(normalizeLanguage(value), String(value)).toBeNull();
    }
    const result = languageInputSchema.safeParse('klingon');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/^Language must be a language tag/);
    expect(languageInputSchema.parse(undefined)).toBeNull();
    expect(languageInputSchema.parse('fr-ca')).toBe('fr-CA');
  });

  it('resolves the invoice’s, else the client’s, else English', () => {
    expect(resolveDocumentLanguage('de', 'fr')).toBe('de');
    expect(resolveDocumentLanguage(null, 'fr')).toBe('fr');
    expect(resolveDocumentLanguage(null, undefined)).toBe('en');
    // A new invoice without its own (ADR 75): the client's, else the account's, else English; a bad tag is skipped.
    expect(resolveDocumentLanguage('it', 'nl')).toBe('it');
    expect(resolveDocumentLanguage(null, 'nl')).toBe('nl');
    expect(resolveDocumentLanguage('xx', 'de-ch')).toBe('de-CH');
    expect(resolveDocumentLanguage(undefined, 'ru')).toBe('en');
    expect(languageFromBrowser(['de-AT', 'en'])).toBe('de');
    expect(languageFromBrowser(['ru-RU', 'en-US'])).toBe('en');
    expect(languageFromBrowser([])).toBe('en');
  });
});

describe('the writing direction of a document language', () => {
  it('is right to left for Arabic with any region, left to right for the others and for none', () => {
    expect(languageDirection('ar')).toBe('rtl');
    expect(languageDirection('ar-SA')).toBe('rtl');
    expect(languageDirection('de')).toBe('ltr');
    expect(languageDirection('ja')).toBe('ltr');
    expect(languageDirection(null)).toBe('ltr');
  });
});

describe('amounts for a reader in the document’s locale', () => {
  it('keeps US English exactly as before', () => {
    for (const language of [undefined, null, 'en', 'en-US']) {
      expect(formatMoneyForReader(123_456, 'EUR', language)).toBe('€1,234.56');
      expect(formatMoneyForReader(-500, 'USD', language)).toBe(`${MINUS_SIGN}$5.00 USD`);
    }
  });

  it('de: 1.234,56 € with a no-break space, the symbol after', () => {
    expect(formatMoneyForReader(123_456, 'EUR', 'de')).toBe(`1.234,56${NBSP}€`);
    expect(formatMoneyForReader(1_450_917, 'EUR', 'de')).toBe(`14.509,17${NBSP}€`);
    expect(formatMoneyForReader(-123_456, 'EUR', 'de')).toBe(`${MINUS_SIGN}1.234,56${NBSP}€`);
  });

  it('fr: 1 234,56 € with the narrow no-break space Intl groups with', () => {
    expect(formatMoneyForReader(123_456, 'EUR', 'fr')).toBe(`1${NNBSP}234,56${NBSP}€`);
  });

  it('de-CH: CHF before the amount, grouped as Intl gives it', () => {
    const text = formatMoneyForReader(1_450_917, 'CHF', 'de-CH');
    expect(text).toMatch(/^CHF[\u00a0 ]14['’]509\.17$/);
    expect(text).toBe(new Intl.NumberFormat('de-CH', { style: 'currency', currency: 'CHF' }).format(14509.17));
  });

  it('still names the currency where the symbol is shared, and keeps the currency’s decimals', () => {
    expect(formatMoneyForReader(123_456, 'USD', 'de')).toBe(`1.234,56${NBSP}$ USD`);
    expect(formatMoneyForReader(1_235, 'JPY', 'ja')).toBe('¥1,235 JPY');
    expect(formatMoneyForReader(50_000, 'KRW', 'ko')).toBe('₩50,000');
    expect(formatMoneyForReader(123_456, 'SEK', 'sv')).toBe(`1${NBSP}234,56${NBSP}kr SEK`);
  });

  it('is exact for the largest amounts (decimal text, never a float)', () => {
    expect(formatMoneyForReader(99_999_999_999_999, 'EUR', 'de')).toBe(`999.999.999.999,99${NBSP}€`);
  });

  it('leaves no direction marks in an Arabic amount (the PDF orders the text itself)', () => {
    const text = formatMoneyForReader(-123_456, 'EUR', 'ar');
    expect(text).not.toMatch(/[\u200e\u200f\u061c]/);
    expect(text).toContain(MINUS_SIGN);
  });

  it('percentages follow the locale too', () => {
    expect(formatPercentForReader(19_500, 'en')).toBe('19.5%');
    expect(formatPercentForReader(8_875, null)).toBe('8.875%');
    expect(formatPercentForReader(19_500, 'de')).toBe(`19,5${NBSP}%`);
    expect(formatPercentForReader(100_000, 'de')).toBe(`100${NBSP}%`);
  });
});

describe('dates for a reader in the document’s locale', () => {
  it('prints the long date of the locale, in UTC', () => {
    expect(formatDateForReader('2026-11-28')).toBe('November 28, 2026');
    expect(formatDateForReader('2026-11-28', 'en')).toBe('November 28, 2026');
    expect(formatDateForReader('2026-11-28', 'de')).toBe('28. November 2026');
    expect(formatDateForReader('2026-11-28', 'fr')).toBe('28 novembre 2026');
    expect(formatDateForReader('2026-11-28', 'ja')).toBe('2026年11月28日');
    expect(formatDateForReader('2026-11-28', 'en-GB')).toBe('28 November 2026');
    expect(formatDateForReader('2026-01-01', 'es')).toBe('1 de enero de 2026');
  });

  it('the amount-due summary in German', () => {
    const due = { amountDueMinor: 117_249, amountPaidMinor: 0, currency: 'EUR' as const, dueDate: '2026-11-09' };
    expect(amountDueSummary({ ...due, language: 'de' })).toBe(`Zu zahlen: 1.172,49${NBSP}€ bis 9. November 2026`);
    expect(amountDueSummary({ ...due, language: 'ja', currency: 'JPY', amountDueMinor: 1_172 })).toBe(
      'ご請求額 ¥1,172 JPY（お支払期限 2026年11月9日）',
    );
    expect(amountDueSummary({ ...due, amountPaidMinor: 117_249, amountDueMinor: 0, language: 'fr' })).toBe(
      'Payée intégralement',
    );
  });
});

describe('paper by the language’s region', () => {
  it('Letter for the US and Canada, A4 for other regions, by the currency without a region', () => {
    for (const tag of ['en-US', 'en-CA', 'fr-CA', 'es-US']) expect(defaultPaper('EUR', tag), tag).toBe('letter');
    for (const tag of ['en-GB', 'de-CH', 'es-MX']) expect(defaultPaper('USD', tag), tag).toBe('a4');
    expect(defaultPaper('USD', 'en')).toBe('letter');
    expect(defaultPaper('EUR', 'de')).toBe('a4');
    expect(defaultPaper('CAD')).toBe('letter');
  });
});

describe('languageChoices', () => {
  it('lists the 13 languages by their own names, with a saved regional tag first as it is', () => {
    expect(languageChoices(null).map((choice) => choice.value)).toEqual([...DOCUMENT_LANGUAGES]);
    expect(languageChoices('de').map((choice) => choice.value)).toEqual([...DOCUMENT_LANGUAGES]);
    expect(languageChoices('ja')[9]).toEqual({ value: 'ja', label: '日本語', lang: 'ja' });
    const regional = languageChoices('de-CH');
    expect(regional[0]).toEqual({ value: 'de-CH', label: 'Deutsch (de-CH)', lang: 'de-CH' });
    expect(regional).toHaveLength(DOCUMENT_LANGUAGES.length + 1);
    expect(languageChoices('xx-YY').map((choice) => choice.value)).toEqual([...DOCUMENT_LANGUAGES]);
  });
});
