import { DEFAULT_CURRENCY, getCurrency, type CurrencyCode } from '@invoicer/domain/currencies';
import type { InvoiceDocumentInput } from '@invoicer/domain/invoice-document';
import { pdfDownloadName } from '@invoicer/domain/invoice-number';
import { formatMoney } from '@invoicer/domain/money';
import {
  memo,
  Suspense,
  use,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { toast } from 'sonner';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage, generateInvoicePdf, previewErrorMessage } from '../api/invoice-documents';
import { fetchNextInvoiceNumber } from '../api/invoices-api';
import { saveInvoice } from '../api/save-invoice';
import { useDraftAutosave } from '../hooks/use-draft-autosave';
import { useIsMobile } from '../../../lib/use-media-query';
import { lazyWithFallback } from '../lib/lazy-with-fallback';
import { saveFile } from '../../../lib/save-file';
import { clearDraft, hasStoredDraft, writeDraft } from '../model/draft-storage';
import type { RestoredDraft } from '../model/draft-restore';
import { editorReducer, initEditorState, type TextField } from '../model/editor-reducer';
import { createFreshForm, FIRST_INVOICE_NUMBER, todayIso, type InvoiceFormValues } from '../model/invoice-form';
import { toDocumentInput, validateForSend } from '../model/invoice-payload';
import { validateForSave } from '../model/saved-invoice';
import { computeEditorTotals } from '../model/invoice-totals';
import { ActionPanel } from './action-panel';
import { CurrencyField } from './currency-field';
import { DateField } from './date-field';
import { ErrorBanner } from './error-banner';
import { ItemsSection } from './items-section';
import { LogoUploader } from './logo-uploader';
import { PartyField, type PartyFieldProps, type PartyFieldRenderProps, type PartySide } from './party-field';
import { SummarySection } from './summary-section';
import { InvoiceNumberField, NotesField } from './text-fields';

const InvoicePreviewDialog = lazyWithFallback(
  () => import('../../../components/invoice-preview-dialog').then((m) => m.InvoicePreviewDialog),
  function PreviewUnavailable({ onError }: { onError: (error: unknown) => void }) {
    useEffect(() => onError(new Error('The preview code could not be loaded')), [onError]);
    return null;
  },
);

const TERMS_PLACEHOLDER = 'Please submit payment within 15 days of receipt of this invoice.';

export interface InvoiceEditorProps {
  /** A guest pressing Save is asked to sign in (spec part 1 §4). */
  isSignedIn: boolean;
  /** Opens the sign-in modal; the page supplies it so this feature does not import the auth feature. */
  onRequireAccount: () => void;
  /**
   * Edit mode: the form starts from these values (loaded from the server), Save updates the
   * invoice `invoiceId` (PUT) and the browser draft is neither read nor written (spec part 1 §4).
   */
  initialValues?: InvoiceFormValues;
  invoiceId?: string;
  /** Currency of a new invoice: the user's default (settings) once known, EUR for guests. */
  defaultCurrency?: CurrencyCode;
  /** After a save to the account: the invoice's id, and whether it was created or updated. */
  onSaved?: (saved: { id: string; created: boolean; invoiceNumber: string }) => void;
  /** Shown above the form, e.g. the edit-mode banner 'Editing Invoice: {number}'. */
  banner?: ReactNode;
  /** The page's title; 'New Invoice' unless given. */
  heading?: string;
  /** An error to show in the banner from the start (a failed edit load that left edit mode). */
  initialError?: string | null;
  /**
   * From and To as the page wants them (the signed-in user's business / client pickers); plain
   * text areas without it. The editor shows the plain field while the page's one loads.
   */
  renderPartyField?: (field: PartyFieldRenderProps) => ReactNode;
}

const loadDraftReader = () => import('../model/draft-restore');

/** The stored draft, read by the lazily loaded reader; a fresh form when it is unusable or the reader fails to load. */
function restoreDraft(fresh: () => RestoredDraft): Promise<RestoredDraft> {
  return loadDraftReader().then(
    ({ readDraft }) => readDraft(todayIso()) ?? fresh(),
    () => fresh(),
  );
}

/**
 * The invoice editor at /new (spec part 1 §2-§5). A new invoice starts from the browser draft
 * when there is one, else from a fresh form; in edit mode from `initialValues`.
 */
export function InvoiceEditor(props: InvoiceEditorProps) {
  const { initialValues, defaultCurrency = DEFAULT_CURRENCY } = props;
  const [start] = useState<RestoredDraft | Promise<RestoredDraft>>(() => {
    if (initialValues) return { values: initialValues, savedAt: null };
    const fresh = () => ({ values: createFreshForm(todayIso(), defaultCurrency), savedAt: null, numberMissing: true });
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

/**
 * Where the user's caret was in the plain field when the page's own field replaced it: noted as
 * the plain one unmounts, put back as the page's one mounts. A plain object rather than a ref,
 * since its takeOver is handed to the page's render function.
 */
function createCaretHandoff() {
  let caret: { start: number; end: number } | null = null;
  return {
    leave(node: HTMLTextAreaElement | null) {
      caret =
        node !== null && node === document.activeElement
          ? { start: node.selectionStart, end: node.selectionEnd }
          : null;
    },
    takeOver(textarea: HTMLTextAreaElement) {
      const saved = caret;
      caret = null;
      if (!saved) return;
      textarea.focus();
      textarea.setSelectionRange(saved.start, saved.end);
    },
  };
}

/** The plain field shown while the page's own one loads; notes on leaving where the user's caret was. */
function ReplaceablePartyField({
  onLeave,
  ...props
}: PartyFieldProps & { onLeave: (node: HTMLTextAreaElement | null) => void }) {
  const textarea = useRef<HTMLTextAreaElement>(null);
  useLayoutEffect(() => {
    const node = textarea.current;
    // Runs before React removes the element, so the focus is still where the user left it.
    return () => onLeave(node);
  }, [onLeave]);
  return <PartyField {...props} textareaRef={textarea} />;
}

/** The party field, rendered again only when its own value changes (not on every keystroke elsewhere). */
const PartySlot = memo(function PartySlot({
  render,
  ...field
}: Omit<PartyFieldRenderProps, 'takeOver'> & { render: ((field: PartyFieldRenderProps) => ReactNode) | undefined }) {
  // The page's field replaces the plain one when its code arrives; whoever was typing goes on typing.
  const [handoff] = useState(createCaretHandoff);
  const plainProps = {
    label: field.label,
    value: field.value,
    onChange: (value: string) => field.onChange(value, field.partyId),
    placeholder: field.placeholder,
  };
  if (!render) return <PartyField {...plainProps} />;
  return (
    <Suspense fallback={<ReplaceablePartyField {...plainProps} onLeave={handoff.leave} />}>
      {render({ ...field, takeOver: handoff.takeOver })}
    </Suspense>
  );
});

function EditorForm({
  isSignedIn,
  onRequireAccount,
  initialValues,
  invoiceId,
  onSaved,
  banner,
  heading = 'New Invoice',
  initialError = null,
  renderPartyField,
  initial,
}: InvoiceEditorProps & { initial: RestoredDraft }) {
  const persistDraft = initialValues === undefined;
  // A number that is only the default waits for the server's next number (signed-in users, new invoices).
  const numberToFetch = persistDraft && initial.numberMissing === true;
  const [state, dispatch] = useReducer(editorReducer, initial.values, (values) =>
    initEditorState(numberToFetch && isSignedIn ? { ...values, invoiceNumber: '' } : values),
  );
  const { values } = state;
  const [lastSaved, setLastSaved] = useState<string | null>(initial.savedAt);
  const [error, setError] = useState<string | null>(initialError);
  const [downloading, setDownloading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [savedValues, setSavedValues] = useState<InvoiceFormValues | null>(null);
  const [previewDocument, setPreviewDocument] = useState<InvoiceDocumentInput | null>(null);
  const isMobile = useIsMobile();

  const autosave = useDraftAutosave(values, persistDraft, setLastSaved);

  // The action handlers read the latest values through a ref, so they stay the same functions
  // and the action panel does not render again on every keystroke.
  const valuesRef = useRef(values);
  useLayoutEffect(() => {
    valuesRef.current = values;
  });

  // New invoice number (spec part 1 §4): the server's next number replaces the default while the
  // user has not typed one (also when a guest signs in on this page).
  const autoNumber = useRef<string | null>(numberToFetch ? values.invoiceNumber : null);
  useEffect(() => {
    if (!isSignedIn || autoNumber.current === null) return;
    if (valuesRef.current.invoiceNumber !== autoNumber.current) {
      autoNumber.current = null;
      return;
    }
    const controller = new AbortController();
    const fill = (number: string) => {
      if (autoNumber.current === null || valuesRef.current.invoiceNumber !== autoNumber.current) return;
      autoNumber.current = null;
      autosave.ignoreNextChange();
      dispatch({ type: 'setText', field: 'invoiceNumber', value: number });
    };
    fetchNextInvoiceNumber(controller.signal).then(fill, (failure: unknown) => {
      if (controller.signal.aborted) return;
      console.error('Failed to fetch the next invoice number', failure);
      fill(valuesRef.current.invoiceNumber || FIRST_INVOICE_NUMBER);
    });
    return () => controller.abort();
  }, [isSignedIn, autosave]);

  // The one totals function, once per change of what it reads (typing in From or Terms does not recompute).
  const { items, taxPercent, taxType, showTax, discountPercent, discountType, showDiscount } = values;
  const { shippingAmount, showShipping } = values;
  const totals = useMemo(
    () =>
      computeEditorTotals({
        items,
        taxPercent,
        taxType,
        showTax,
        discountPercent,
        discountType,
        showDiscount,
        shippingAmount,
        showShipping,
      }),
    [items, taxPercent, taxType, showTax, discountPercent, discountType, showDiscount, shippingAmount, showShipping],
  );
  const symbol = getCurrency(values.currency).symbol;
  // Equal strings for unchanged lines, so memoised rows skip rendering.
  const amounts = useMemo(
    () => (totals ? totals.lines.map((line) => formatMoney(line, symbol)) : items.map(() => '—')),
    [totals, symbol, items],
  );

  // A chosen client or business belongs to the account that chose it: signed out, only the text stays.
  useEffect(() => {
    if (isSignedIn) return;
    const { from, to, businessId, clientId } = valuesRef.current;
    if (businessId !== null) dispatch({ type: 'setParty', side: 'from', value: from, partyId: null });
    if (clientId !== null) dispatch({ type: 'setParty', side: 'to', value: to, partyId: null });
  }, [isSignedIn]);

  const setText = useMemo(() => {
    const setter = (field: TextField) => (value: string) => dispatch({ type: 'setText', field, value });
    const party = (side: PartySide) => (value: string, partyId: string | null) =>
      dispatch({ type: 'setParty', side, value, partyId });
    return {
      from: party('from'),
      to: party('to'),
      logoUrl: setter('logoUrl'),
    };
  }, []);
  const setCurrency = useCallback((currency: CurrencyCode) => dispatch({ type: 'setCurrency', currency }), []);
  const setIssuedDate = useCallback((value: string) => dispatch({ type: 'setIssuedDate', value }), []);
  const setDueDate = useCallback((value: string) => dispatch({ type: 'setDueDate', value }), []);

  // Save to account (spec part 1 §4, §5, §8).
  const handleSave = useCallback(async () => {
    if (!isSignedIn) {
      onRequireAccount();
      return;
    }
    const current = valuesRef.current;
    const invalid = validateForSave(current);
    if (invalid) {
      setError(invalid);
      return;
    }
    setError(null);
    setSaving(true);
    const result = await saveInvoice(current, invoiceId);
    setSaving(false);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    setSavedValues(current);
    setLastSaved(new Date().toISOString());
    if (persistDraft) {
      // The invoice is in the account now: the browser draft goes (spec part 1 §4).
      autosave.cancelPending();
      clearDraft();
    }
    onSaved?.({ id: result.id, created: invoiceId === undefined, invoiceNumber: current.invoiceNumber });
  }, [isSignedIn, onRequireAccount, invoiceId, persistDraft, autosave, onSaved]);

  const handleDownload = useCallback(async () => {
    const current = valuesRef.current;
    const invalid = validateForSend(current, 'download');
    if (invalid) {
      setError(invalid);
      return;
    }
    setError(null);
    setDownloading(true);
    try {
      const pdf = await generateInvoicePdf(toDocumentInput(current));
      saveFile(pdf, pdfDownloadName(current.to));
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setDownloading(false);
    }
  }, []);

  const handlePreview = useCallback(() => {
    const current = valuesRef.current;
    const invalid = validateForSend(current, 'preview');
    if (invalid) {
      setError(invalid);
      return;
    }
    setError(null);
    setPreviewDocument(toDocumentInput(current));
  }, []);
  // The modal has no trigger of its own, so focus is put back on Preview by hand.
  const previewButton = useRef<HTMLButtonElement>(null);
  const closePreview = useCallback(() => {
    setPreviewDocument(null);
    requestAnimationFrame(() => previewButton.current?.focus());
  }, []);
  const failPreview = useCallback((error: unknown) => {
    setPreviewDocument(null);
    setError(previewErrorMessage(error));
  }, []);

  // The spec's hidden browser-storage panel (part 1 §2, §8).
  const saveToBrowser = useCallback(() => {
    const savedAt = writeDraft(valuesRef.current);
    if (savedAt) {
      setLastSaved(savedAt);
      toast.success('Invoice saved to browser storage!');
    }
  }, []);
  const loadFromBrowser = useCallback(async () => {
    const { readDraft } = await loadDraftReader();
    const draft = readDraft(todayIso());
    if (!draft) {
      toast.info('No invoice found in browser storage.');
      return;
    }
    dispatch({ type: 'replace', values: draft.values });
    setLastSaved(draft.savedAt);
    toast.success('Invoice loaded from browser storage!');
  }, []);
  const clearStorage = useCallback(() => {
    clearDraft();
    setLastSaved(null);
    toast.success('Browser storage cleared!');
  }, []);

  return (
    <div data-testid="invoice-editor" className="@container mx-auto w-full max-w-6xl px-3 py-4 sm:px-4 md:px-6 md:py-6">
      <h1 className="mb-3 text-xl font-semibold text-slate-900 md:text-2xl">{heading}</h1>
      {banner}
      <ErrorBanner message={error} onDismiss={() => setError(null)} />
      <div className="mt-3 flex flex-col gap-4 @4xl:flex-row @4xl:items-start @4xl:gap-6">
        <div className="@container order-2 flex min-w-0 flex-1 flex-col gap-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm md:p-8 @4xl:order-1">
          <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
            <LogoUploader logoUrl={values.logoUrl} onLogoUrlChange={setText.logoUrl} />
            <div className="grid w-full grid-cols-1 gap-3 sm:w-72">
              <InvoiceNumberField value={values.invoiceNumber} dispatch={dispatch} />
              <CurrencyField value={values.currency} onChange={setCurrency} />
            </div>
          </div>

          <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
            <PartySlot
              render={renderPartyField}
              side="from"
              label="From"
              value={values.from}
              partyId={values.businessId}
              onChange={setText.from}
              placeholder="Who is this from?"
            />
            <PartySlot
              render={renderPartyField}
              side="to"
              label="To"
              value={values.to}
              partyId={values.clientId}
              onChange={setText.to}
              placeholder="Who is this to?"
            />
          </div>

          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <DateField label="Issued Date" value={values.issuedDate} onChange={setIssuedDate} />
            <DateField label="Due Date" value={values.dueDate} onChange={setDueDate} />
          </div>

          <ItemsSection items={items} amounts={amounts} dispatch={dispatch} dragDisabled={isMobile} />

          <div className="grid grid-cols-1 gap-6 @2xl:grid-cols-2">
            <div className="flex flex-col gap-4">
              <NotesField
                label="Payment Details"
                value={values.paymentDetails}
                field="paymentDetails"
                placeholder="Bank account, PayPal or other ways to pay"
                dispatch={dispatch}
              />
              <NotesField
                label="Terms"
                value={values.terms}
                field="terms"
                placeholder={TERMS_PLACEHOLDER}
                dispatch={dispatch}
              />
            </div>
            <SummarySection
              totals={totals}
              symbol={symbol}
              dispatch={dispatch}
              taxPercent={taxPercent}
              taxType={taxType}
              showTax={showTax}
              discountPercent={discountPercent}
              discountType={discountType}
              showDiscount={showDiscount}
              shippingAmount={shippingAmount}
              showShipping={showShipping}
            />
          </div>
        </div>

        <aside className="order-1 @4xl:sticky @4xl:top-4 @4xl:order-2 @4xl:w-64 @4xl:shrink-0">
          <ActionPanel
            onSave={handleSave}
            onDownload={handleDownload}
            onPreview={handlePreview}
            previewRef={previewButton}
            downloading={downloading}
            saving={saving}
            saved={savedValues !== null && savedValues === values}
            lastSaved={lastSaved}
            onSaveToBrowser={saveToBrowser}
            onLoadFromBrowser={loadFromBrowser}
            onClearStorage={clearStorage}
          />
        </aside>
      </div>

      {previewDocument && (
        <Suspense fallback={null}>
          <InvoicePreviewDialog
            document={previewDocument}
            title="Invoice preview"
            onClose={closePreview}
            onError={failPreview}
          />
        </Suspense>
      )}
    </div>
  );
}
