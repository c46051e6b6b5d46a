import { zodResolver } from '@hookform/resolvers/zod';
import { AUTH_MESSAGES } from '@invoicer/domain/api/auth';
import { USER_MESSAGES, changeEmailBodySchema, type ChangeEmailBody } from '@invoicer/domain/api/users';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { PasswordField, TextField } from '../../../components/ui/text-field';
import { failureMessage } from '../../../lib/api-client';
import { requestEmailChange } from '../api/profile-api';
import { PROFILE_TOASTS } from '../model/messages';

type ChangeEmailForm = Pick<ChangeEmailBody, 'new_email' | 'password'>;
const schema = changeEmailBodySchema.pick({ new_email: true, password: true });

/** Which field a refusal of the server belongs under; anything else shows above the buttons. */
function fieldOf(message: string): keyof ChangeEmailForm | null {
  if (message === USER_MESSAGES.currentPasswordWrong) return 'password';
  if (message === USER_MESSAGES.emailUnchanged || message === AUTH_MESSAGES.emailTaken) return 'new_email';
  return null;
}

function ChangeEmailForm({
  onSent,
  onCancel,
  onBusyChange,
}: {
  onSent: (message: string) => void;
  onCancel: () => void;
  onBusyChange: (busy: boolean) => void;
}) {
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<ChangeEmailForm>({ defaultValues: { new_email: '', password: '' }, resolver: zodResolver(schema) });
  const mutation = useMutation({
    mutationFn: requestEmailChange,
    onMutate: () => onBusyChange(true),
    onSettled: () => onBusyChange(false),
    onSuccess: (answer) => onSent(answer.message),
    onError: (error) => {
      const message = failureMessage(error, PROFILE_TOASTS.emailChangeFailed);
      const field = fieldOf(message);
      setError(field ?? 'root', { message });
      refocus.current = field;
    },
  });
  const busy = mutation.isPending;
  // The refused field is focused once the form is enabled again (a disabled field cannot take focus).
  const refocus = useRef<keyof ChangeEmailForm | null>(null);
  useEffect(() => {
    if (refocus.current && !busy) {
      const field = refocus.current;
      refocus.current = null;
      setFocus(field);
    }
  }, [busy, setFocus]);
  return (
    <form noValidate className="space-y-4" onSubmit={handleSubmit((values) => mutation.mutate(values))}>
      <TextField
        label="New e-mail address"
        type="email"
        autoComplete="email"
        autoFocus
        error={errors.new_email?.message}
        disabled={busy}
        {...register('new_email')}
      />
      <PasswordField
        label="Current password"
        autoComplete="current-password"
        error={errors.password?.message}
        disabled={busy}
        {...register('password')}
      />
      {errors.root?.message && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {errors.root.message}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? 'Sending...' : 'Send confirmation link'}
        </Button>
      </div>
    </form>
  );
}

export interface ChangeEmailDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  busy: boolean;
  onBusyChange: (busy: boolean) => void;
  /** The link is on its way: the server's sentence, which the section keeps in sight. */
  onSent: (message: string) => void;
}

/**
 * Change e-mail address (docs/product/settings.md#e-mail-address): the new address and the current password; a link
 * goes to the new address, and the address changes only when it is opened.
 */
export function ChangeEmailDialog({ open, onOpenChange, busy, onBusyChange, onSent }: ChangeEmailDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Change e-mail address"
      description="We will send a link to the new address. Your address changes when you open it; the old one is told."
      busy={busy}
      className="max-w-md"
    >
      <ChangeEmailForm
        onCancel={() => onOpenChange(false)}
        onBusyChange={onBusyChange}
        onSent={(message) => {
          onSent(message);
          onOpenChange(false);
        }}
      />
    </Dialog>
  );
}
