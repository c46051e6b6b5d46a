import { SUPPORT_DETAILS_MAX, SUPPORT_ISSUE_TYPES, SUPPORT_MESSAGES } from '@invoicer/domain/api/support';
import { useMutation } from '@tanstack/react-query';
import { AlertCircle, Send } from 'lucide-react';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { AutoGrowTextarea } from '../../../components/ui/auto-grow-textarea';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/field';
import { cn } from '../../../lib/cn';
import { sendSupportRequest } from '../api/support-api';
import {
  SUPPORT_COUNTER_FROM,
  SUPPORT_TEXT,
  supportErrorMessage,
  supportFormSchema,
  type SupportFormFields,
} from '../model/support-form';
import { SupportSent } from './support-sent';

export interface SupportUser {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

const numbers = new Intl.NumberFormat('en-US');

/**
 * /support (docs/product/support.md#the-support-form): issue type and details, sent with the user's name and e-mail.
 * The button stays disabled until both are filled in; the answer is a thank-you screen or an error above the button.
 */
export function SupportForm({ user }: { user: SupportUser }) {
  const typeId = useId();
  const detailsId = useId();
  const { register, control, handleSubmit } = useForm<SupportFormFields>({
    defaultValues: { issueType: '', details: '' },
  });
  const values = useWatch({ control });
  const parsed = supportFormSchema.safeParse(values);
  const details = values.details ?? '';
  const tooLong = details.length > SUPPORT_DETAILS_MAX;

  const mutation = useMutation({ mutationFn: sendSupportRequest });
  const sending = mutation.isPending;

  const submit = handleSubmit(() => {
    if (!parsed.success || sending) return;
    const name = `${user.firstName} ${user.lastName}`.trim() || SUPPORT_TEXT.anonymousName;
    mutation.mutate({
      ...parsed.data,
      name,
      email: user.email.trim() || SUPPORT_TEXT.placeholderEmail,
      userId: user.id,
    });
  });

  if (mutation.isSuccess) return <SupportSent firstName={user.firstName} email={user.email} />;

  const error = mutation.isError ? supportErrorMessage(mutation.error) : null;
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-5">
      <div>
        <Label htmlFor={typeId}>Issue type</Label>
        <select
          id={typeId}
          aria-required
          disabled={sending}
          className="mt-1 h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/30 focus:outline-none disabled:bg-slate-100 md:h-10"
          {...register('issueType')}
        >
          <option value="">Select an issue type</option>
          {SUPPORT_ISSUE_TYPES.map((type) => (
            <option key={type.value} value={type.value}>
              {type.label}
            </option>
          ))}
        </select>
      </div>

      <div>
        <Label htmlFor={detailsId}>Details</Label>
        <AutoGrowTextarea
          id={detailsId}
          aria-required
          aria-invalid={tooLong || undefined}
          aria-describedby={`${detailsId}-count`}
          placeholder="Please provide more details..."
          disabled={sending}
          className="mt-1"
          {...register('details')}
        />
        <div className="mt-1 flex items-start justify-between gap-3">
          <p className="text-sm text-red-600" role={tooLong ? 'alert' : undefined}>
            {tooLong ? SUPPORT_MESSAGES.detailsTooLong : ''}
          </p>
          <p
            id={`${detailsId}-count`}
            aria-live="polite"
            className={cn('shrink-0 text-xs tabular-nums', tooLong ? 'font-medium text-red-600' : 'text-slate-600')}
          >
            {details.length >= SUPPORT_COUNTER_FROM
              ? `${numbers.format(details.length)} / ${numbers.format(SUPPORT_DETAILS_MAX)} characters`
              : ''}
          </p>
        </div>
      </div>

      {error && (
        <div
          role="alert"
          className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800"
        >
          <AlertCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <p>{error}</p>
        </div>
      )}

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600">We typically respond within 24 hours</p>
        <Button type="submit" className="h-11 md:h-10" disabled={!parsed.success || sending}>
          <Send className="h-4 w-4" aria-hidden />
          {sending ? 'Sending...' : 'Send Support Request'}
        </Button>
      </div>
    </form>
  );
}
