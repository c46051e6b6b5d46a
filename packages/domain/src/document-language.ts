import { z } from 'zod';

/**
 * The language an invoice is printed in (docs/decisions/0061-the-document-language.md): a BCP 47 tag whose
 * primary language is one of the 13 the label catalogue has, optionally with a script and a region
 * (`de`, `de-CH`, `en-US`, `zh-Hant-TW`). The region decides the number and date formats (de-CH prints
 * CHF 14’509.17) and the paper (Letter in the US and Canada); the primary language decides the labels.
 */

export const DOCUMENT_LANGUAGES = [
  'en',
  'de',
  'fr',
  'es',
  'it',
  'nl',
  'pt',
  'pl',
  'sv',
  'ja',
  'zh',
  'ko',
  'ar',
] as const;
export type DocumentLanguage = (typeof DOCUMENT_LANGUAGES)[number];

/** The language of an invoice that names none, whose client has none: today's US English document. */
export const DEFAULT_DOCUMENT_LANGUAGE: DocumentLanguage = 'en';

/** Each language by its own name, as the editor's picker and the client modal list them. */
export const LANGUAGE_NATIVE_NAMES: Record<DocumentLanguage, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  it: 'Italiano',
  nl: 'Nederlands',
  pt: 'Português',
  pl: 'Polski',
  sv: 'Svenska',
  ja: '日本語',
  zh: '中文',
  ko: '한국어',
  ar: 'العربية',
};

/** One choice of a language picker: the tag, the language by its own name, and the tag for the option's `lang`. */
export interface LanguageChoice {
  value: string;
  label: string;
  lang: string;
}

/**
 * The choices of every language picker (editor, client modal, Settings): the 13 languages by their own names, and
 * first a saved tag with a region (de-CH, from the API) as it is, so that showing it does not change it.
 */
export function languageChoices(saved: string | null | undefined): LanguageChoice[] {
  const choices = DOCUMENT_LANGUAGES.map((language) => ({
    value: language,
    label: LANGUAGE_NATIVE_NAMES[language],
    lang: language,
  }));
  const tag = normalizeLanguage(saved);
  if (tag === null || isDocumentLanguage(tag)) return choices;
  return [{ value: tag, label: `${LANGUAGE_NATIVE_NAMES[primaryLanguage(tag)]} (${tag})`, lang: tag }, ...choices];
}

/** The longest tag accepted: far beyond language-Script-REGION (10 characters). */
const MAX_TAG_LENGTH = 35;
const TAG_SHAPE = /^([a-z]{2})(?:-([A-Z][a-z]{3}))?(?:-([A-Z]{2}|\d{3}))?$/;

export const LANGUAGE_MESSAGE = `Language must be a language tag such as de, fr-CA or ja, in one of: ${DOCUMENT_LANGUAGES.join(', ')}.`;

/**
 * The tag in canonical case (`DE-ch` → `de-CH`), or null when it is not a well-formed tag of one of the 13
 * languages with at most a script and a region. Intl canonicalises (and refuses what is not BCP 47).
 */
export function normalizeLanguage(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_TAG_LENGTH) return null;
  let canonical: string;
  try {
    [canonical = ''] = Intl.getCanonicalLocales(value.trim().replace(/_/g, '-'));
  } catch {
    return null;
  }
  const match = TAG_SHAPE.exec(canonical);
  if (!match || !isDocumentLanguage(match[1])) return null;
  return canonical;
}

export function isDocumentLanguage(value: unknown): value is DocumentLanguage {
  return typeof value === 'string' && (DOCUMENT_LANGUAGES as readonly string[]).includes(value);
}

/** The primary language of a tag the schema accepted (`de-CH` → `de`); English for anything else. */
export function primaryLanguage(tag: string | null | undefined): DocumentLanguage {
  const primary = (tag ?? '').split('-', 1)[0];
  return isDocumentLanguage(primary) ? primary : DEFAULT_DOCUMENT_LANGUAGE;
}

/** The region of a tag (`fr-CA` → `CA`), or null. */
export function languageRegion(tag: string | null | undefined): string | null {
  const match = TAG_SHAPE.exec(tag ?? '');
  return match?.[3] ?? null;
}

/** Whether the tag prints today's document: US English formats (`en`, `en-US`, or none). */
export function isUsEnglish(tag: string | null | undefined): boolean {
  return tag == null || tag === 'en' || tag === 'en-US';
}

/**
 * The language an invoice prints in: its own, else its saved client's preferred one, else the account's
 * default, else English (docs/decisions/0061-the-document-language.md).
 */
export function resolveDocumentLanguage(...candidates: Array<string | null | undefined>): string {
  for (const candidate of candidates) {
    const tag = normalizeLanguage(candidate);
    if (tag) return tag;
  }
  return DEFAULT_DOCUMENT_LANGUAGE;
}

/** A language tag, or null/absent for "the client's, else English"; stored and answered canonical. */
export const languageInputSchema = z
  .string({ error: LANGUAGE_MESSAGE })
  .nullish()
  .transform((value, ctx) => {
    if (value == null || value.trim() === '') return null;
    const tag = normalizeLanguage(value);
    if (!tag) {
      ctx.addIssue({ code: 'custom', message: LANGUAGE_MESSAGE });
      return z.NEVER;
    }
    return tag;
  });

/**
 * The language a browser asks for (navigator.languages), as the editor's default for a new invoice: the
 * first one of the 13, by its primary tag only (a region would also move the paper), else English.
 */
export function languageFromBrowser(preferred: readonly string[]): DocumentLanguage {
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split(/[-_]/, 1)[0];
    if (isDocumentLanguage(primary)) return primary;
  }
  return DEFAULT_DOCUMENT_LANGUAGE;
}

/** Languages written right to left, of the 13. */
const RIGHT_TO_LEFT: ReadonlySet<DocumentLanguage> = new Set(['ar']);

/** The writing direction of a document language tag, for an HTML `dir`: `rtl` for Arabic, else `ltr`. */
export function languageDirection(tag: string | null | undefined): 'ltr' | 'rtl' {
  return RIGHT_TO_LEFT.has(primaryLanguage(tag)) ? 'rtl' : 'ltr';
}
