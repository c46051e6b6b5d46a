import { zodResolver } from '@hookform/resolvers/zod';
import type { User } from '@invoicer/domain/api/auth';
import { useMutation } from '@tanstack/react-query';
import { AtSign, KeyRound, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Switch } from '../../../components/ui/switch';
import { requestPasswordReset } from '../../../lib/password-reset-api';
import { updateProfile } from '../api/profile-api';
import { useEmailNotifications } from '../model/email-notifications';
import { failureMessage } from '../../../lib/api-client';
import { PROFILE_TEXTS, PROFILE_TOASTS } from '../model/messages';
import { profileFormSchema, type ProfileFormInput, type ProfileFormValues } from '../model/profile-forms';
import { Card } from './card';
import { ChangeEmailDialog } from './change-email-dialog';
import { ChangePasswordDialog } from './change-password-dialog';
import { DeleteAccountDialog } from './delete-account-dialog';
import { TextField } from '../../../components/ui/text-field';

function NameForm({ user, onUserUpdated }: { user: User; onUserUpdated: (user: User) => void }) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm<ProfileFormInput, unknown, ProfileFormValues>({
    defaultValues: { first_name: user.first_name, last_name: user.last_name },
    resolver: zodResolver(profileFormSchema),
  });

  const mutation = useMutation({
    mutationFn: updateProfile,
    onSuccess: (answer) => {
      onUserUpdated(answer.user);
      reset({ first_name: answer.user.first_name, last_name: answer.user.last_name });
      toast.success(answer.message || PROFILE_TOASTS.profileUpdated);
    },
    onError: (error) => toast.error(failureMessage(error, PROFILE_TOASTS.profileFailed)),
  });
  const busy = mutation.isPending;

  return (
    <form noValidate onSubmit={handleSubmit((values) => mutation.mutate(values))} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="First name"
          autoComplete="given-name"
          error={errors.first_name?.message}
          disabled={busy}
          {...register('first_name')}
        />
        <TextField
          label="Last name"
          autoComplete="family-name"
          error={errors.last_name?.message}
          disabled={busy}
          {...register('last_name')}
        />
      </div>
      <TextField
        label="Email"
        type="email"
        value={user.email}
        readOnly
        aria-readonly
        hint={user.email_verified ? PROFILE_TEXTS.emailVerified : PROFILE_TEXTS.emailNotVerified}
        className="mt-1 read-only:bg-slate-50 read-only:text-slate-700"
      />
      <div className="flex justify-end">
        <Button type="submit" disabled={busy || !isDirty}>
          {busy ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}

export interface ProfileSectionProps {
  user: User;
  /** The server answered the updated user: the page puts it into the session (header, menus). */
  onUserUpdated: (user: User) => void;
  /** The account is gone and its session ended: the page signs the user out of the app. */
  onAccountDeleted: () => void;
  /** What the page shows before Delete account (Export my data, from its own feature). */
  beforeDelete?: ReactNode;
}

/**
 * Settings > Profile (docs/product/settings.md#profile): names, the e-mail address and whether it is verified, the local
 * e-mail notifications toggle, Change e-mail, Change Password (or, for a Google-only account, a link to set a
 * password) and Delete Account.
 */
export function ProfileSection({ user, onUserUpdated, onAccountDeleted, beforeDelete }: ProfileSectionProps) {
  const [notifications, setNotifications] = useEmailNotifications();
  const [dialog, setDialog] = useState<'password' | 'email' | 'delete' | null>(null);
  const [busy, setBusy] = useState(false);
  // What the last account e-mail asked for here said (a confirmation link, a link to set a password).
  const [sent, setSent] = useState<{ ok: boolean; text: string } | null>(null);
  const hasPassword = user.auth_provider !== 'google';
  const fullName = `${user.first_name} ${user.last_name}`.trim() || user.email;
  const openChange = (name: 'password' | 'email' | 'delete') => (open: boolean) => setDialog(open ? name : null);
  const passwordLink = useMutation({
    mutationFn: () => requestPasswordReset(user.email),
    onSuccess: () => setSent({ ok: true, text: PROFILE_TEXTS.passwordLinkSent(user.email) }),
    onError: (error) => setSent({ ok: false, text: failureMessage(error, PROFILE_TOASTS.passwordLinkFailed) }),
  });

  return (
    <div className="space-y-6">
      <Card title="Personal information" description="Your name appears on your account and in the menus.">
        <div className="mb-5 flex items-center gap-4">
          <Avatar name={fullName} src={user.profile_picture_url} className="h-14 w-14 text-base" />
          <div className="min-w-0">
            <p className="font-semibold wrap-anywhere text-slate-900">{fullName}</p>
            <p className="text-sm wrap-anywhere text-slate-600">{user.email}</p>
          </div>
        </div>
        <NameForm key={user.id} user={user} onUserUpdated={onUserUpdated} />
      </Card>

      <Card title="Notifications">
        <div className="flex flex-col gap-1">
          <Switch checked={notifications} onCheckedChange={setNotifications} label="Email notifications" />
          <p className="text-sm text-slate-600">
            Get an e-mail about activity on your invoices. This choice is kept in this browser.
          </p>
        </div>
      </Card>

      <Card title="Security">
        {hasPassword ? (
          <div className="space-y-4">
            <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-sm text-slate-600">{PROFILE_TEXTS.changeEmailIntro}</p>
              <Button variant="secondary" className="shrink-0" onClick={() => setDialog('email')}>
                <AtSign className="h-4 w-4" aria-hidden />
                Change e-mail
              </Button>
            </div>
            <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-sm text-slate-600">Change the password you sign in with.</p>
              <Button variant="secondary" className="shrink-0" onClick={() => setDialog('password')}>
                <KeyRound className="h-4 w-4" aria-hidden />
                Change Password
              </Button>
            </div>
          </div>
        ) : (
          <div className="space-y-3">
            <p className="text-sm text-slate-600">You sign in with Google, so there is no password to change here.</p>
            <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-sm text-slate-600">{PROFILE_TEXTS.setPasswordIntro}</p>
              <Button
                variant="secondary"
                className="shrink-0"
                disabled={passwordLink.isPending}
                onClick={() => passwordLink.mutate()}
              >
                <KeyRound className="h-4 w-4" aria-hidden />
                {passwordLink.isPending ? 'Sending...' : PROFILE_TEXTS.setPasswordButton}
              </Button>
            </div>
          </div>
        )}
        <p
          role="status"
          className={sent ? `mt-4 text-sm wrap-anywhere ${sent.ok ? 'text-emerald-800' : 'text-red-800'}` : 'sr-only'}
        >
          {sent?.text ?? ''}
        </p>
      </Card>

      {beforeDelete}

      <section className="rounded-2xl border border-red-200 bg-white p-5 shadow-sm sm:p-6">
        <h2 className="text-base font-semibold text-red-700">Delete account</h2>
        <div className="mt-2 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-600">
            Permanently delete your account with all of its invoices, clients and businesses.
          </p>
          <Button variant="danger" className="shrink-0" onClick={() => setDialog('delete')}>
            <Trash2 className="h-4 w-4" aria-hidden />
            Delete Account
          </Button>
        </div>
      </section>

      {hasPassword && (
        <ChangePasswordDialog
          email={user.email}
          open={dialog === 'password'}
          onOpenChange={openChange('password')}
          busy={busy}
          onBusyChange={setBusy}
        />
      )}
      {hasPassword && (
        <ChangeEmailDialog
          open={dialog === 'email'}
          onOpenChange={openChange('email')}
          busy={busy}
          onBusyChange={setBusy}
          onSent={(text) => setSent({ ok: true, text })}
        />
      )}
      <DeleteAccountDialog
        open={dialog === 'delete'}
        onOpenChange={openChange('delete')}
        busy={busy}
        onBusyChange={setBusy}
        email={user.email}
        hasPassword={hasPassword}
        onDeleted={onAccountDeleted}
      />
    </div>
  );
}
