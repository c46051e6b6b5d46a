import type { Business } from '@invoicer/domain/api/businesses';
import type { Client } from '@invoicer/domain/api/clients';
import { Suspense, useCallback, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { openAuthModal } from '../../features/auth/hooks/use-auth-modal';
import { useSession } from '../../features/auth/hooks/use-session';
import type { BusinessFormDialogProps } from '../../features/businesses/components/business-form-dialog';
import type { ClientFormDialogProps } from '../../features/clients/components/client-form-dialog';
import { EditBanner } from '../../features/invoice-editor/components/edit-banner';
import { InvoiceEditor } from '../../features/invoice-editor/components/invoice-editor';
import { PartyField, type PartyFieldRenderProps } from '../../features/invoice-editor/components/party-field';
import { useInvoiceEditData } from '../../features/invoice-editor/hooks/use-invoice-edit-data';
import { lazyWithFallback } from '../../features/invoice-editor/lib/lazy-with-fallback';
import type { PartyPickerProps } from '../../features/parties/components/party-picker';
import type { PartyFormRenderProps } from '../../features/parties/hooks/use-party-form';

/*
 * The pickers and their create / edit dialogs are for signed-in users only, so they load on
 * demand: a guest's /new downloads none of them. A chunk that fails to load (offline, a deploy
 * replaced it) leaves the plain text area, or closes the dialog, instead of breaking the page.
 */
const PartyPicker = lazyWithFallback<PartyPickerProps>(
  () => import('../../features/parties/components/party-picker').then((m) => m.PartyPicker),
  function PlainPartyField({ label, value, partyId, onChange }: PartyPickerProps) {
    return (
      <PartyField
        label={label === 'From' ? 'From' : 'To'}
        value={value}
        onChange={(text) => onChange(text, partyId)}
        placeholder="Type to search"
      />
    );
  },
);

function DialogUnavailable({ onClose }: { onClose: () => void }) {
  useEffect(() => {
    console.error('The form could not be loaded');
    onClose();
  }, [onClose]);
  return null;
}

const ClientFormDialog = lazyWithFallback<ClientFormDialogProps>(
  () => import('../../features/clients/components/client-form-dialog').then((m) => m.ClientFormDialog),
  DialogUnavailable as ComponentType<ClientFormDialogProps>,
);
const BusinessFormDialog = lazyWithFallback<BusinessFormDialogProps>(
  () => import('../../features/businesses/components/business-form-dialog').then((m) => m.BusinessFormDialog),
  DialogUnavailable as ComponentType<BusinessFormDialogProps>,
);

/** 'Add new business' and the chosen business's Edit: the business dialog (modal mode). */
function renderBusinessForm({ mode, party, onClose, onSaved }: PartyFormRenderProps) {
  return (
    <Suspense fallback={null}>
      <BusinessFormDialog
        open
        // The picker lists GET /api/businesses, whose rows are the domain's Business.
        business={mode === 'edit' && party ? (party.raw as unknown as Business) : null}
        onClose={onClose}
        onSaved={onSaved}
      />
    </Suspense>
  );
}

/** 'Add new client', and in edit mode the chosen client's Edit: the client dialog (modal mode). */
function renderClientForm({ mode, party, onClose, onSaved }: PartyFormRenderProps) {
  return (
    <Suspense fallback={null}>
      <ClientFormDialog
        open
        client={mode === 'edit' && party ? (party.raw as unknown as Client) : null}
        onClose={onClose}
        onSaved={onSaved}
      />
    </Suspense>
  );
}

const CLIENT_LINKS = { edit: '/clients' } as const;

/**
 * From lists the user's businesses, To their clients (docs/product/editor.md#the-party-picker). The chosen client is
 * edited on /clients/edit/{id}, and the draft brings the form back afterwards; edit mode keeps
 * no draft, so there the client is edited in the modal instead.
 */
function usePartyFields(userId: string | undefined, clientEditByRoute: boolean) {
  return useCallback(
    (field: PartyFieldRenderProps) =>
      field.side === 'from' ? (
        <PartyPicker
          type="business"
          label={field.label}
          endpoint="/api/businesses"
          userId={userId ?? ''}
          value={field.value}
          partyId={field.partyId}
          onChange={field.onChange}
          onMountTextarea={field.takeOver}
          renderForm={renderBusinessForm}
        />
      ) : (
        <PartyPicker
          type="client"
          label={field.label}
          endpoint="/api/clients"
          userId={userId ?? ''}
          value={field.value}
          partyId={field.partyId}
          onChange={field.onChange}
          onMountTextarea={field.takeOver}
          renderForm={renderClientForm}
          {...(clientEditByRoute ? { links: CLIENT_LINKS } : {})}
        />
      ),
    [userId, clientEditByRoute],
  );
}

/**
 * The detail page's Edit Invoice navigates here with `{ editInvoiceId, isEditing }`
 * (docs/product/routes-and-access.md#addresses-that-carry-state).
 */
function editInvoiceIdOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const { editInvoiceId, isEditing } = state as { editInvoiceId?: unknown; isEditing?: unknown };
  return isEditing && typeof editInvoiceId === 'string' && editInvoiceId !== '' ? editInvoiceId : null;
}

interface EditorPageProps {
  isSignedIn: boolean;
  requireAccount: () => void;
  renderPartyField: ((field: PartyFieldRenderProps) => ReactNode) | undefined;
}

/** Edit mode (docs/product/editor.md#edit-mode): the invoice loads, then the editor updates it in place. */
function EditInvoice({
  invoiceId,
  onLoadFailed,
  ...props
}: EditorPageProps & { invoiceId: string; onLoadFailed: (message: string) => void }) {
  const navigate = useNavigate();
  const edit = useInvoiceEditData(invoiceId);
  const [savedNumber, setSavedNumber] = useState<string | null>(null);
  const failure = edit.status === 'error' ? edit.message : null;
  useEffect(() => {
    if (failure) onLoadFailed(failure);
  }, [failure, onLoadFailed]);

  const newInvoice = useCallback(() => navigate('/new'), [navigate]);
  const saved = useCallback(({ invoiceNumber }: { invoiceNumber: string }) => setSavedNumber(invoiceNumber), []);

  if (edit.status !== 'ready') {
    return edit.status === 'loading' ? (
      <div className="flex min-h-[50vh] items-center justify-center gap-3 text-slate-600">
        <Spinner />
        <p>Loading invoice data...</p>
      </div>
    ) : null;
  }
  return (
    <InvoiceEditor
      isSignedIn={props.isSignedIn}
      onRequireAccount={props.requireAccount}
      renderPartyField={props.renderPartyField}
      initialValues={edit.invoice.values}
      invoiceId={invoiceId}
      heading="Edit Invoice"
      banner={<EditBanner invoiceNumber={savedNumber ?? edit.invoice.invoiceNumber} onNewInvoice={newInvoice} />}
      onSaved={saved}
    />
  );
}

/** /new: the invoice editor, open to guests; saving asks a guest to sign in. Edit mode when the state says so. */
export function NewInvoiceRoute() {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const userId = session.user?.id;
  const isSignedIn = session.status === 'signed-in';
  const requireAccount = useCallback(() => openAuthModal('login'), []);
  // Edit load needs a user; a guest arriving with the state gets a new invoice.
  const editId = isSignedIn ? editInvoiceIdOf(location.state) : null;
  const partyFields = usePartyFields(userId, editId === null);
  const renderPartyField = isSignedIn ? partyFields : undefined;
  const [loadError, setLoadError] = useState<string | null>(null);
  // A failed edit load is told by the new invoice that follows it; opening another edit forgets it.
  const [shownEditId, setShownEditId] = useState(editId);
  if (shownEditId !== editId) {
    setShownEditId(editId);
    if (editId) setLoadError(null);
  }

  const loadFailed = useCallback(
    (message: string) => {
      // A failed edit load leaves edit mode and says so in the editor's banner
      // (docs/product/states-and-transitions.md#editor-modes).
      setLoadError(message);
      navigate('/new', { replace: true, state: null });
    },
    [navigate],
  );
  const created = useCallback(
    ({ id, created }: { id: string; created: boolean }) => {
      if (created) navigate(`/invoice/${encodeURIComponent(id)}`);
    },
    [navigate],
  );

  if (editId) {
    return (
      <EditInvoice
        key={editId}
        invoiceId={editId}
        onLoadFailed={loadFailed}
        isSignedIn={isSignedIn}
        requireAccount={requireAccount}
        renderPartyField={renderPartyField}
      />
    );
  }
  return (
    <InvoiceEditor
      key="new"
      isSignedIn={isSignedIn}
      onRequireAccount={requireAccount}
      renderPartyField={renderPartyField}
      initialError={loadError}
      onSaved={created}
    />
  );
}
