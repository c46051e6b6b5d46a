import { primaryLanguage, type DocumentLanguage } from './document-language';
import { ar } from './document-labels/ar';
import { de } from './document-labels/de';
import { en } from './document-labels/en';
import { es } from './document-labels/es';
import { fr } from './document-labels/fr';
import { it } from './document-labels/it';
import { ja } from './document-labels/ja';
import { ko } from './document-labels/ko';
import { nl } from './document-labels/nl';
import { pl } from './document-labels/pl';
import { pt } from './document-labels/pt';
import { sv } from './document-labels/sv';
import { zh } from './document-labels/zh';
import type { DocumentLabels } from './document-labels/types';

export type { DocumentLabels };

/** The label catalogue: one module per language (docs/decisions/0061-the-document-language.md). */
export const DOCUMENT_LABELS: Record<DocumentLanguage, DocumentLabels> = {
  en,
  de,
  fr,
  es,
  it,
  nl,
  pt,
  pl,
  sv,
  ja,
  zh,
  ko,
  ar,
};

/** The labels of a document language tag (`de-CH` prints German labels); English for none. */
export function labelsFor(language: string | null | undefined): DocumentLabels {
  return DOCUMENT_LABELS[primaryLanguage(language)];
}
