import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordFormSchema, type ChangePasswordForm } from '@invoicer/domain/api/users';
import { useMutation } from '@tanstack/react-query';
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
function ChangePasswordForm({ onDone, onBusyChange }: { onDone: () => void; onBusyChange: (busy: boolean) => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ChangePasswordForm>({ defaultValues: EMPTY, resolver: zodResolver(changePasswordFormSchema) });

  const mutation = useMutation({
    mutationFn: changePassword,
    onMutate: () => onBusyChange(true),
    onSettled: () => onBusyChange(false),
    onSuccess: (answer) => {
      toast.success(answer.message || PROFILE_TOASTS.passwordUpdated);
      onDone();
    },
    onError: (error) => toast.error(failureMessage(error, PROFILE_TOASTS.passwordFailed)),
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
  open: boolean;
  onOpenChange: (open: boolean) => void;
  busy: boolean;
  onBusyChange: (busy: boolean) => void;
}

/** Change Password (spec part 2 §2, §5): current, new and confirmation. */
export function ChangePasswordDialog({ open, onOpenChange, busy, onBusyChange }: ChangePasswordDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Change Password"
      description="Your other devices will be signed out."
      busy={busy}
      className="max-w-md"
    >
      <ChangePasswordForm onDone={() => onOpenChange(false)} onBusyChange={onBusyChange} />
    </Dialog>
  );
}
