import { DEFAULT_CURRENCY } from '@invoicer/domain/currencies';
import { DEFAULT_DOCUMENT_LANGUAGE, languageFromBrowser } from '@invoicer/domain/document-language';
import { Suspense, use, useState } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { loadDraftReader } from '../hooks/use-browser-storage';
import { hasStoredDraft } from '../model/draft-storage';
import type { RestoredDraft } from '../model/draft-restore';
import { createFreshForm, todayIso } from '../model/invoice-form';
import { EditorForm, type InvoiceEditorProps } from './editor-form';

/** The stored draft, read by the lazily loaded reader; a fresh form when it is unusable or the reader fails to load. */
function restoreDraft(fresh: () => RestoredDraft): Promise<RestoredDraft> {
  return loadDraftReader().then(
    ({ readDraft }) => readDraft(todayIso()) ?? fresh(),
    () => fresh(),
  );
}

/**
 * The language a new form starts in (docs/decisions/0061-the-document-language.md): the browser's, when it is one of
 * the 13; null for English. Signed in, the account's default replaces it when it arrives
 * (docs/decisions/0075-the-account-default-language.md); signed out, it stands in for one.
 */
function browserDocumentLanguage(): string | null {
  const preferred = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  const language = languageFromBrowser(preferred);
  return language === DEFAULT_DOCUMENT_LANGUAGE ? null : language;
}

/**
 * The invoice editor at /new (docs/product/editor.md). A new invoice starts from the browser draft
 * when there is one, else from a fresh form; in edit mode from `initialValues`.
 */
export function InvoiceEditor(props: InvoiceEditorProps) {
  const { initialValues, defaultCurrency = DEFAULT_CURRENCY } = props;
  const [start] = useState<RestoredDraft | Promise<RestoredDraft>>(() => {
    if (initialValues) return { values: initialValues, savedAt: null };
    const fresh = () => ({
      values: createFreshForm(todayIso(), defaultCurrency, browserDocumentLanguage()),
      savedAt: null,
      numberMissing: true,
      fresh: true,
    });
    return hasStoredDraft() ? restoreDraft(fresh) : fresh();
  });
  if (!(start instanceof Promise)) return <EditorForm {...props} initial={start} />;
  return (
    <Suspense
      fallback={
        <div className="flex min-h-[50vh] items-center justify-center text-slate-500">
          <Spinner label="Loading your draft" />
        </div>
      }
    >
      <RestoredEditorForm {...props} draft={start} />
    </Suspense>
  );
}

function RestoredEditorForm({ draft, ...props }: InvoiceEditorProps & { draft: Promise<RestoredDraft> }) {
  return <EditorForm {...props} initial={use(draft)} />;
}
