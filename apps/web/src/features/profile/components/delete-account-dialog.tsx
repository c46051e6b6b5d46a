import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { deleteAccount } from '../api/profile-api';
import { failureMessage } from '../../../lib/api-client';
import { PROFILE_TOASTS } from '../model/messages';
import { deleteWithEmailSchema, deleteWithPasswordSchema } from '../model/profile-forms';
import { PasswordField, TextField } from '../../../components/ui/text-field';

interface FormProps {
  onCancel: () => void;
  onDeleted: () => void;
  onBusyChange: (busy: boolean) => void;
}

function useDeleteAccount({ onDeleted, onBusyChange }: Omit<FormProps, 'onCancel'>) {
  return useMutation({
    mutationFn: deleteAccount,
    onMutate: () => onBusyChange(true),
    onSettled: () => onBusyChange(false),
    onSuccess: (answer) => {
      toast.success(answer.message || PROFILE_TOASTS.accountDeleted);
      onDeleted();
    },
    onError: (error) => toast.error(failureMessage(error, PROFILE_TOASTS.accountDeleteFailed)),
  });
}

function Actions({ busy, onCancel }: { busy: boolean; onCancel: () => void }) {
  return (
    <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
      <Button variant="secondary" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <Button type="submit" variant="danger" disabled={busy}>
        {busy ? 'Deleting...' : 'Delete Account'}
      </Button>
    </div>
  );
}

/** An account with a password confirms with it (docs/product/settings.md#delete-account). */
function PasswordConfirmation(props: FormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ defaultValues: { password: '' }, resolver: zodResolver(deleteWithPasswordSchema) });
  const mutation = useDeleteAccount(props);
  return (
    <form noValidate className="space-y-4" onSubmit={handleSubmit((body) => mutation.mutate(body))}>
      <PasswordField
        label="Password"
        autoComplete="current-password"
        error={errors.password?.message}
        disabled={mutation.isPending}
        autoFocus
        {...register('password')}
      />
      <Actions busy={mutation.isPending} onCancel={props.onCancel} />
    </form>
  );
}

/** An account that signs in with Google has no password: the e-mail address typed again confirms instead. */
function EmailConfirmation({ email, ...props }: FormProps & { email: string }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ defaultValues: { confirm_email: '' }, resolver: zodResolver(deleteWithEmailSchema) });
  const mutation = useDeleteAccount(props);
  return (
    <form noValidate className="space-y-4" onSubmit={handleSubmit((body) => mutation.mutate(body))}>
      <TextField
        label="Your e-mail address"
        type="email"
        autoComplete="off"
        hint={`Type ${email} to confirm.`}
        error={errors.confirm_email?.message}
        disabled={mutation.isPending}
        autoFocus
        {...register('confirm_email')}
      />
      <Actions busy={mutation.isPending} onCancel={props.onCancel} />
    </form>
  );
}

export interface DeleteAccountDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  busy: boolean;
  onBusyChange: (busy: boolean) => void;
  email: string;
  /** Google-only accounts have no password. */
  hasPassword: boolean;
  /** The server has deleted the account and ended the session. */
  onDeleted: () => void;
}

/** Delete Account (docs/product/settings.md#delete-account): everything goes, in one transaction on the server. */
export function DeleteAccountDialog({
  open,
  onOpenChange,
  busy,
  onBusyChange,
  email,
  hasPassword,
  onDeleted,
}: DeleteAccountDialogProps) {
  const formProps = { onCancel: () => onOpenChange(false), onDeleted, onBusyChange };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete Account"
      description="This deletes your account and all of its invoices, clients and businesses. It cannot be undone."
      busy={busy}
      className="max-w-md"
    >
      {hasPassword ? <PasswordConfirmation {...formProps} /> : <EmailConfirmation email={email} {...formProps} />}
    </Dialog>
  );
}
