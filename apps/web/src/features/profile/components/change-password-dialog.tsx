import { zodResolver } from '@hookform/resolvers/zod';
import { NEW_PASSWORD_MESSAGES } from '@invoicer/domain/api/auth';
import { changePasswordFormSchemaFor, type ChangePasswordForm } from '@invoicer/domain/api/users';
import { useMutation } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { changePassword } from '../api/profile-api';
import { failureMessage } from '../../../lib/api-client';
import { PROFILE_TOASTS } from '../model/messages';
import { PasswordField } from '../../../components/ui/text-field';

const EMPTY = { current_password: '', new_password: '', confirm_password: '' };

/** The form lives inside the dialog's content, which unmounts on close: cancel leaves nothing behind. */
function ChangePasswordForm({
  email,
  onDone,
  onBusyChange,
}: {
  email: string;
  onDone: () => void;
  onBusyChange: (busy: boolean) => void;
}) {
  // The domain's rules, the account's address included (a new password may not be it).
  const resolver = useMemo(() => zodResolver(changePasswordFormSchemaFor(email)), [email]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ChangePasswordForm>({ defaultValues: EMPTY, resolver });

  const mutation = useMutation({
    mutationFn: changePassword,
    onMutate: () => onBusyChange(true),
    onSettled: () => onBusyChange(false),
    onSuccess: (answer) => {
      toast.success(answer.message || PROFILE_TOASTS.passwordUpdated);
      onDone();
    },
    onError: (error) => {
      const message = failureMessage(error, PROFILE_TOASTS.passwordFailed);
      // A refusal of the new password itself (too common, ...) belongs under that field.
      if (NEW_PASSWORD_MESSAGES.has(message)) setError('new_password', { message }, { shouldFocus: true });
      else toast.error(message);
    },
  });
  const busy = mutation.isPending;

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={handleSubmit(({ current_password, new_password }) =>
        mutation.mutate({ current_password, new_password }),
      )}
    >
      <PasswordField
        label="Current password"
        autoComplete="current-password"
        error={errors.current_password?.message}
        disabled={busy}
        autoFocus
        {...register('current_password')}
      />
      <PasswordField
        label="New password"
        autoComplete="new-password"
        error={errors.new_password?.message}
        disabled={busy}
        {...register('new_password')}
      />
      <PasswordField
        label="Confirm new password"
        autoComplete="new-password"
        error={errors.confirm_password?.message}
        disabled={busy}
        {...register('confirm_password')}
      />
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? 'Updating...' : 'Update Password'}
        </Button>
      </div>
    </form>
  );
}

export interface ChangePasswordDialogProps {
  /** The account's address: the new password may not be it. */
  email: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  busy: boolean;
  onBusyChange: (busy: boolean) => void;
}

/** Change Password (docs/product/settings.md#change-password): current, new and confirmation. */
export function ChangePasswordDialog({ email, open, onOpenChange, busy, onBusyChange }: ChangePasswordDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Change Password"
      description="Your other devices will be signed out."
      busy={busy}
      className="max-w-md"
    >
      <ChangePasswordForm email={email} onDone={() => onOpenChange(false)} onBusyChange={onBusyChange} />
    </Dialog>
  );
}
