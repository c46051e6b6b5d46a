import type { CurrencyCode } from '@invoicer/domain/currencies';
import { DEFAULT_DOCUMENT_LANGUAGE, normalizeLanguage } from '@invoicer/domain/document-language';
import {
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useIsMobile } from '../../../lib/use-media-query';
import { useAccountInvoiceDefaults } from '../hooks/use-account-invoice-defaults';
import { useBrowserStorage } from '../hooks/use-browser-storage';
import { useDocumentActions } from '../hooks/use-document-actions';
import { useDraftAutosave } from '../hooks/use-draft-autosave';
import { useEInvoiceDownload } from '../hooks/use-einvoice-download';
import type { FieldProblem } from '../../../lib/api-client';
import {
  firstLine,
  formFieldValues,
  hasEInvoiceDetails,
  placeEInvoiceProblems,
  problemsStillShown,
} from '../model/einvoice-fields';
import { EInvoiceSection } from './einvoice-section';
import { useEditorTotals } from '../hooks/use-editor-totals';
import { useInvoiceSave } from '../hooks/use-invoice-save';
import { useNextInvoiceNumber } from '../hooks/use-next-invoice-number';
import { lazyWithFallback } from '../lib/lazy-with-fallback';
import { clearDraft } from '../model/draft-storage';
import type { RestoredDraft } from '../model/draft-restore';
import { editorReducer, initEditorState, type TextField } from '../model/editor-reducer';
import type { InvoiceFormValues } from '../model/invoice-form';
import { validateForSave } from '../model/saved-invoice';
import { ActionPanel } from './action-panel';
import { CurrencyField } from './currency-field';
import { TemplateField } from './template-field';
import { LanguageField } from './language-field';
import { DateField } from './date-field';
import { ErrorBanner } from './error-banner';
import { ItemsSection } from './items-section';
import { LogoUploader } from './logo-uploader';
import type { PartyFieldRenderProps, PartySide } from './party-field';
import { PartySlot } from './party-slot';
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
  /** A guest pressing Save is asked to sign in (docs/product/editor.md#saving-to-the-account). */
  isSignedIn: boolean;
  /** Opens the sign-in modal; the page supplies it so this feature does not import the auth feature. */
  onRequireAccount: () => void;
  /**
   * Edit mode: the form starts from these values (loaded from the server), Save updates the invoice `invoiceId` (PUT)
   * and the browser draft is neither read nor written (docs/product/states-and-transitions.md#editor-modes).
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

/** The form itself, from its first values (a draft, a fresh form, or the invoice being edited). */
export function EditorForm({
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
  const isMobile = useIsMobile();

  const autosave = useDraftAutosave(values, persistDraft, setLastSaved);

  // The action handlers read the latest values through a ref, so they stay the same functions
  // and the action panel does not render again on every keystroke.
  const valuesRef = useRef(values);
  const stateRef = useRef(state);
  useLayoutEffect(() => {
    valuesRef.current = values;
    stateRef.current = state;
  });

  useNextInvoiceNumber({
    isSignedIn,
    placeholder: numberToFetch ? values.invoiceNumber : null,
    valuesRef,
    onNumber: (number) => {
      // Not the user's change: an untouched form stays untouched (no draft is written for it).
      autosave.ignoreNextChange();
      dispatch({ type: 'setText', field: 'invoiceNumber', value: number });
    },
  });

  useAccountInvoiceDefaults({
    isSignedIn,
    freshForm: persistDraft && initial.fresh === true,
    onDefaults: (defaults) => {
      const action = {
        type: 'accountDefaults',
        discountBeforeTax: defaults.discount_before_tax,
        // English is the form's "none", as an English browser leaves it.
        language: defaults.language === DEFAULT_DOCUMENT_LANGUAGE ? null : normalizeLanguage(defaults.language),
      } as const;
      // Not the user's change: an untouched form stays untouched (no draft is written for it).
      const before = stateRef.current;
      if (editorReducer(before, action).values !== before.values) autosave.ignoreNextChange();
      dispatch(action);
    },
  });

  const { totals, amounts } = useEditorTotals(values);
  const { items, taxPercent, taxType, showTax, discountPercent, discountType, showDiscount } = values;
  const { shippingAmount, showShipping } = values;

  // A chosen client or business belongs to the account that chose it: signed out, only the text stays.
  useEffect(() => {
    if (isSignedIn) return;
    const { from, to, businessId, clientId } = valuesRef.current;
    if (businessId !== null) dispatch({ type: 'setParty', side: 'from', value: from, partyId: null });
    if (clientId !== null) dispatch({ type: 'setParty', side: 'to', value: to, partyId: null });
  }, [isSignedIn]);

  const setText = useMemo(() => {
    const setter = (field: TextField) => (value: string) => dispatch({ type: 'setText', field, value });
    // A chosen client's preferred language and a chosen party's e-invoice details come with it (the picker hands
    // over the record as the server sent it).
    const party = (side: PartySide) => (value: string, partyId: string | null, picked?: Record<string, unknown>) =>
      dispatch({
        type: 'setParty',
        side,
        value,
        partyId,
        ...(picked ? { picked, language: normalizeLanguage(picked.preferred_language) } : {}),
      });
    return {
      from: party('from'),
      to: party('to'),
      logoUrl: setter('logoUrl'),
    };
  }, []);
  const setCurrency = useCallback((currency: CurrencyCode) => dispatch({ type: 'setCurrency', currency }), []);
  const setLanguage = useCallback((language: string | null) => dispatch({ type: 'setLanguage', language }), []);
  const setLook = useCallback(
    (patch: Partial<Pick<InvoiceFormValues, 'template' | 'accentColor' | 'paper'>>) =>
      dispatch({ type: 'setLook', patch }),
    [],
  );
  const setIssuedDate = useCallback((value: string) => dispatch({ type: 'setIssuedDate', value }), []);
  const setDueDate = useCallback((value: string) => dispatch({ type: 'setDueDate', value }), []);

  const saved = useCallback(
    (savedForm: InvoiceFormValues, { id }: { id: string }) => {
      setLastSaved(new Date().toISOString());
      if (persistDraft) {
        // The invoice is in the account now: the browser draft goes
        // (docs/product/states-and-transitions.md#the-browser-draft).
        autosave.cancelPending();
        clearDraft();
      }
      onSaved?.({ id, created: invoiceId === undefined, invoiceNumber: savedForm.invoiceNumber });
    },
    [persistDraft, autosave, onSaved, invoiceId],
  );
  const invoiceSave = useInvoiceSave({ invoiceId, onSaved: saved, onFailed: setError });
  const { save } = invoiceSave;
  const handleSave = useCallback(() => {
    if (!isSignedIn) {
      onRequireAccount();
      return;
    }
    const current = valuesRef.current;
    const invalid = validateForSave(current);
    setError(invalid);
    if (!invalid) void save(current);
  }, [isSignedIn, onRequireAccount, save]);

  const documents = useDocumentActions(valuesRef, setError);

  // E-invoice details: folded unless the invoice carries some; the e-invoice check's problems on their fields.
  const [einvoiceOpen, setEInvoiceOpen] = useState(() => hasEInvoiceDetails(initial.values));
  const [placedProblems, setProblems] = useState<Readonly<Record<string, string>>>({});
  // The form fields' values the problems were placed for: editing one takes its message away, as editing a field of
  // the section or a line does (those clear their own).
  const [placedFor, setPlacedFor] = useState<Readonly<Record<string, string>>>({});
  const problems = useMemo(
    () => problemsStillShown(placedProblems, placedFor, formFieldValues(values)),
    [placedProblems, placedFor, values],
  );
  // The field to focus once the problems are on screen (and the section open).
  const focusProblem = useRef<string | null>(null);
  const clearProblem = useCallback(
    (key: string) =>
      setProblems((current) => {
        if (!(key in current)) return current;
        const { [key]: _cleared, ...rest } = current;
        return rest;
      }),
    [],
  );
  const openEInvoice = useCallback((open: boolean) => {
    setEInvoiceOpen(open);
    if (!open) return;
    // The names start as the first lines of From and To, the names the PDF shows.
    const { seller, buyer, from, to } = valuesRef.current;
    const sellerName = firstLine(from);
    const buyerName = firstLine(to);
    if (seller.name.trim() === '' && sellerName)
      dispatch({ type: 'setPartyDetail', role: 'seller', field: 'name', value: sellerName });
    if (buyer.name.trim() === '' && buyerName)
      dispatch({ type: 'setPartyDetail', role: 'buyer', field: 'name', value: buyerName });
  }, []);
  const placeProblems = useCallback(
    (found: readonly FieldProblem[], sent: InvoiceFormValues, summary: string | null) => {
      const placed = placeEInvoiceProblems(found, sent);
      setProblems(placed.byKey);
      setPlacedFor(formFieldValues(sent));
      if (found.length === 0) return;
      if (placed.inSection) setEInvoiceOpen(true);
      focusProblem.current = placed.first;
      setError([summary, ...placed.unplaced].filter(Boolean).join(' ') || null);
    },
    [],
  );
  // The section's fields load on its first opening: focus waits for them.
  const [panelReady, setPanelReady] = useState(false);
  const onPanelReady = useCallback(() => setPanelReady(true), []);
  useEffect(() => {
    const key = focusProblem.current;
    const target = key ? document.querySelector<HTMLElement>(`[data-field="${CSS.escape(key)}"]`) : null;
    if (!target) return;
    focusProblem.current = null;
    target.focus();
  }, [problems, einvoiceOpen, panelReady]);
  const rowProblems = useMemo(() => {
    const rows = new Map<string, Record<string, string>>();
    for (const [key, message] of Object.entries(problems)) {
      const match = /^item\.(.+)\.([a-z_]+)$/.exec(key);
      if (!match) continue;
      const [, id, field] = match as unknown as [string, string, string];
      rows.set(id, { ...rows.get(id), [field]: message });
    }
    return rows;
  }, [problems]);
  // A saved invoice whose form is unchanged is made from what is stored; anything else from the form as it is.
  const savedInvoiceId = useCallback(
    () =>
      invoiceId !== undefined && (valuesRef.current === initial.values || valuesRef.current === invoiceSave.savedValues)
        ? invoiceId
        : null,
    [invoiceId, initial.values, invoiceSave.savedValues],
  );
  const einvoice = useEInvoiceDownload({ valuesRef, savedInvoiceId, setError, onProblems: placeProblems });
  const storage = useBrowserStorage(valuesRef, dispatch, setLastSaved);

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
              <InvoiceNumberField
                value={values.invoiceNumber}
                dispatch={dispatch}
                problem={problems.invoice_number ?? null}
              />
              <CurrencyField value={values.currency} onChange={setCurrency} />
              <LanguageField value={values.language} onChange={setLanguage} />
              <TemplateField
                template={values.template}
                accentColor={values.accentColor}
                paper={values.paper}
                onChange={setLook}
              />
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
            <DateField
              label="Issued Date"
              value={values.issuedDate}
              onChange={setIssuedDate}
              field="issued_date"
              problem={problems.issued_date ?? null}
            />
            <DateField
              label="Due Date"
              value={values.dueDate}
              onChange={setDueDate}
              field="due_date"
              problem={problems.due_date ?? null}
            />
          </div>

          <EInvoiceSection
            open={einvoiceOpen}
            onOpenChange={openEInvoice}
            seller={values.seller}
            buyer={values.buyer}
            iban={values.iban}
            bic={values.bic}
            vatPerLine={values.vatPerLine}
            problems={problems}
            onClearProblem={clearProblem}
            dispatch={dispatch}
            onReady={onPanelReady}
          />

          <ItemsSection
            items={items}
            amounts={amounts}
            currency={values.currency}
            dispatch={dispatch}
            dragDisabled={isMobile}
            vatPerLine={values.vatPerLine}
            problems={rowProblems}
            onClearProblem={clearProblem}
          />

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
              currency={values.currency}
              dispatch={dispatch}
              taxPercent={taxPercent}
              taxType={taxType}
              showTax={showTax}
              discountPercent={discountPercent}
              discountType={discountType}
              showDiscount={showDiscount}
              shippingAmount={shippingAmount}
              showShipping={showShipping}
              vatPerLine={values.vatPerLine}
              discountBeforeTax={values.discountBeforeTax}
              problems={problems}
            />
          </div>
        </div>

        <aside className="order-1 @4xl:sticky @4xl:top-4 @4xl:order-2 @4xl:w-64 @4xl:shrink-0">
          <ActionPanel
            onSave={handleSave}
            onDownload={documents.download}
            onPreview={documents.preview}
            previewRef={documents.previewButton}
            downloading={documents.downloading}
            saving={invoiceSave.saving}
            saved={invoiceSave.savedValues === values}
            lastSaved={lastSaved}
            onSaveToBrowser={storage.saveToBrowser}
            onLoadFromBrowser={storage.loadFromBrowser}
            onClearStorage={storage.clearStorage}
            onDownloadEInvoice={einvoice.download}
            einvoiceDownloading={einvoice.downloading}
          />
        </aside>
      </div>

      {documents.previewDocument && (
        <Suspense fallback={null}>
          <InvoicePreviewDialog
            document={documents.previewDocument}
            title="Invoice preview"
            onClose={documents.closePreview}
            onError={documents.failPreview}
          />
        </Suspense>
      )}
    </div>
  );
}
