import {
  SEND_LIMITS,
  SEND_MESSAGES,
  sendMessageSchema,
  sendSubjectSchema,
  type SendDefaultsResponse,
} from '@invoicer/domain/api/sending';
import { INVOICE_LINK_PLACEHOLDER } from '@invoicer/domain/invoice-email';
import { AlertTriangle, MailWarning, Paperclip, Send } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { AutoGrowTextarea } from '../../../components/ui/auto-grow-textarea';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FieldError, Label } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { ApiError, failureMessage } from '../../../lib/api-client';
import { useSendDefaults, useSendInvoice } from '../hooks/use-send-invoice';
import { addAddresses, recipientProblems, splitAddresses } from '../model/recipients';
import { RecipientsInput } from './recipients-input';

/** The invoice the dialog sends: what the page or the list row has of it. */
export interface InvoiceToSend {
  id: string;
  invoice_number: string;
}

export interface SendInvoiceDialogProps {
  /** The invoice to send; null: the dialog is closed. */
  invoice: InvoiceToSend | null;
  onClose: () => void;
  /** Gets focus back on close (opened from a list row: its Send button). */
  returnFocus?: HTMLElement | null;
}

const SEND_FAILED = 'The invoice could not be sent. Please try again.';
const DEFAULTS_FAILED = 'The e-mail could not be prepared.';

/**
 * The Send dialog (docs/product/sending-invoices.md#the-send-dialog), opened from the invoice page and from a row of
 * the invoice list. It reads its defaults when it opens, says before anything is sent when this server cannot deliver
 * e-mail, checks every field with the server's own rules, and closes with a toast once the e-mail is queued.
 */
export function SendInvoiceDialog({ invoice, onClose, returnFocus = null }: SendInvoiceDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open={invoice !== null}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={invoice ? `Send invoice ${invoice.invoice_number}` : 'Send invoice'}
      description="E-mail the invoice with its PDF attached and a link to view it online."
      busy={busy}
      className="max-w-xl p-4 sm:p-6"
      returnFocus={returnFocus}
    >
      {invoice && <SendInvoiceBody key={invoice.id} invoice={invoice} onClose={onClose} onBusyChange={setBusy} />}
    </Dialog>
  );
}

function SendInvoiceBody({
  invoice,
  onClose,
  onBusyChange,
}: {
  invoice: InvoiceToSend;
  onClose: () => void;
  onBusyChange: (busy: boolean) => void;
}) {
  const defaults = useSendDefaults(invoice.id);
  if (defaults.isPending) {
    return (
      <div className="flex items-center gap-3 py-8 text-sm text-slate-600">
        <Spinner label="Preparing the e-mail" />
        <span aria-hidden>Preparing the e-mail...</span>
      </div>
    );
  }
  if (defaults.isError) {
    return (
      <div className="space-y-3 py-4">
        <p role="alert" className="text-sm text-red-700">
          {failureMessage(defaults.error, DEFAULTS_FAILED)}
        </p>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose} className="h-11 md:h-10">
            Cancel
          </Button>
          <Button onClick={() => void defaults.refetch()} className="h-11 md:h-10">
            Retry
          </Button>
        </div>
      </div>
    );
  }
  return <SendInvoiceForm invoice={invoice} defaults={defaults.data} onClose={onClose} onBusyChange={onBusyChange} />;
}

type Field = 'to' | 'subject' | 'message';

/** Which field a server sentence is about (the envelope names none): by the words the server's messages use. */
function fieldOf(message: string): Field | null {
  if (/^Subject\b/.test(message)) return 'subject';
  if (/^Message\b/.test(message)) return 'message';
  if (/recipient|e-mail address|listed twice/i.test(message)) return 'to';
  return null;
}

const firstIssue = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? null);

function SendInvoiceForm({
  invoice,
  defaults,
  onClose,
  onBusyChange,
}: {
  invoice: InvoiceToSend;
  defaults: SendDefaultsResponse;
  onClose: () => void;
  onBusyChange: (busy: boolean) => void;
}) {
  const id = useId();
  const subjectInput = useRef<HTMLInputElement>(null);
  const [to, setTo] = useState<string[]>(defaults.to);
  const [draft, setDraft] = useState('');
  const [ccMe, setCcMe] = useState(false);
  const [subject, setSubject] = useState(defaults.subject);
  const [message, setMessage] = useState(defaults.message);
  const [errors, setErrors] = useState<Partial<Record<Field, string[]>>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const send = useSendInvoice(invoice.id);
  const busy = send.isPending;

  const toProblems = errors.to ?? [];
  const clear = (field: Field) => setErrors((current) => ({ ...current, [field]: undefined }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Text still typed in To is sent too: it becomes chips now.
    const all = addAddresses(to, splitAddresses(draft));
    if (all.length !== to.length || draft !== '') {
      setTo(all);
      setDraft('');
    }
    const found: Partial<Record<Field, string[]>> = {};
    const recipients = recipientProblems(all);
    if (recipients.length > 0) found.to = recipients;
    const subjectIssue = firstIssue(sendSubjectSchema.safeParse(subject));
    if (subjectIssue) found.subject = [subjectIssue];
    const messageIssue = firstIssue(sendMessageSchema.safeParse(message));
    if (messageIssue) found.message = [messageIssue];
    setErrors(found);
    setGeneral(null);
    if (Object.keys(found).length > 0) {
      const first = (['to', 'subject', 'message'] as const).find((field) => found[field]);
      if (first === 'subject') subjectInput.current?.focus();
      else document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    onBusyChange(true);
    send.mutate(
      { to: all, cc_me: ccMe, subject, message },
      {
        onSuccess: (answer) => {
          if (answer.email_delivery_configured) toast.success(answer.message);
          else toast.warning(answer.message);
          onClose();
        },
        onError: (error) => {
          const sentence = failureMessage(error, SEND_FAILED);
          const field = error instanceof ApiError && error.status === 400 ? fieldOf(sentence) : null;
          if (field) setErrors({ [field]: [sentence] });
          else setGeneral(sentence);
        },
        onSettled: () => onBusyChange(false),
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-busy={busy}>
      {!defaults.email_verified && (
        <div
          role="note"
          className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
        >
          <MailWarning className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <p>{SEND_MESSAGES.notVerified}</p>
        </div>
      )}
      {!defaults.email_delivery_configured && (
        <div
          role="note"
          className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
        >
          <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <p>{SEND_MESSAGES.notConfigured}</p>
        </div>
      )}

      <RecipientsInput
        inputId={`${id}-to`}
        addresses={to}
        onChange={(next) => {
          setTo(next);
          clear('to');
        }}
        draft={draft}
        onDraftChange={setDraft}
        // Each address is checked as it is added; "add at least one" waits for Send.
        errors={
          toProblems.length > 0
            ? toProblems
            : recipientProblems(to).filter((problem) => problem !== SEND_MESSAGES.toRequired)
        }
        disabled={busy}
      />

      <label className="flex min-h-11 items-center gap-3 text-sm text-slate-800 md:min-h-8">
        <input
          type="checkbox"
          checked={ccMe}
          onChange={(event) => setCcMe(event.target.checked)}
          disabled={busy}
          className="h-5 w-5 shrink-0 rounded border-slate-400 accent-indigo-600"
        />
        <span className="min-w-0 wrap-anywhere">
          Send me a copy <span className="text-slate-600">({defaults.reply_to})</span>
        </span>
      </label>

      <TextField
        ref={subjectInput}
        label="Subject"
        required
        value={subject}
        maxLength={SEND_LIMITS.subject + 50}
        onChange={(event) => {
          setSubject(event.target.value);
          clear('subject');
        }}
        error={errors.subject?.join(' ')}
        disabled={busy}
        autoComplete="off"
      />

      <div>
        <Label htmlFor={`${id}-message`}>
          Message
          <span className="ml-0.5 text-red-600" aria-hidden>
            *
          </span>
        </Label>
        <AutoGrowTextarea
          id={`${id}-message`}
          className="mt-1"
          rows={8}
          value={message}
          onChange={(event) => {
            setMessage(event.target.value);
            clear('message');
          }}
          disabled={busy}
          aria-required
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={[`${id}-message-hint`, errors.message ? `${id}-message-error` : '']
            .filter(Boolean)
            .join(' ')}
        />
        <p id={`${id}-message-hint`} className="mt-1 text-xs text-slate-600">
          {INVOICE_LINK_PLACEHOLDER} becomes the invoice&apos;s link. Replies go to {defaults.reply_to}.
        </p>
        <FieldError id={`${id}-message-error`}>{errors.message?.join(' ') ?? null}</FieldError>
      </div>

      <p className="flex items-start gap-2 text-sm text-slate-700">
        <Paperclip className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden />
        <span className="min-w-0 wrap-anywhere">
          The PDF <span className="font-medium">{defaults.attachment_name}</span> is attached.
        </span>
      </p>

      {general && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {general}
        </p>
      )}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={busy} className="h-11 md:h-10">
          Cancel
        </Button>
        {/* An unverified account cannot send (the note above says why); the server refuses it too. */}
        <Button type="submit" disabled={busy || !defaults.email_verified} aria-busy={busy} className="h-11 md:h-10">
          {busy ? <Spinner className="h-4 w-4" label="Sending" /> : <Send className="h-4 w-4" aria-hidden />}
          {busy ? 'Sending...' : 'Send'}
        </Button>
      </div>
    </form>
  );
}
