import { zodResolver } from '@hookform/resolvers/zod';
import { NEW_PASSWORD_MESSAGES, resetPasswordFormSchema, type ResetPasswordForm } from '@invoicer/domain/api/auth';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Spinner } from '../../../components/ui/spinner';
import { Button } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/text-field';
import { ApiError, failureMessage } from '../../../lib/api-client';
import { checkResetLink, confirmPasswordReset } from '../api/account-links-api';
import { useSetSessionUser, type SessionUser } from '../hooks/use-session';
import { ACCOUNT_LINK_TEXTS } from '../model/account-links';
import { ForgotPasswordForm } from './forgot-password-form';

export interface ResetPasswordFormProps {
  token: string;
  /** The page's heading (and title), which follows what the form shows. */
  heading: (title: string) => ReactNode;
  /** The new password is set and this browser signed in. */
  onDone: (user: SessionUser, message: string) => void;
}

/** Why a link cannot be used, and a way to get a new one. */
function UnusableLink({ message }: { message: string }) {
  return (
    <div className="space-y-5">
      <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-800">
        {message}
      </p>
      <p className="text-sm text-slate-600">{ACCOUNT_LINK_TEXTS.newLinkIntro}</p>
      <ForgotPasswordForm submitLabel={ACCOUNT_LINK_TEXTS.sendNewLink} />
    </div>
  );
}

/**
 * The page a reset link opens (docs/product/accounts.md#password-reset): the link is checked first, so one that no
 * longer works says so before anything is typed; then the new password twice. The account's address sits in a hidden
 * username field, so a password manager saves the new password for the right account.
 */
export function ResetPasswordForm({ token, heading, onDone }: ResetPasswordFormProps) {
  const setSessionUser = useSetSessionUser();
  const [unusable, setUnusable] = useState<string | null>(null);
  const link = useQuery({
    queryKey: ['password-reset-link', token],
    queryFn: () => checkResetLink(token),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordForm>({
    defaultValues: { new_password: '', confirm_password: '' },
    resolver: zodResolver(resetPasswordFormSchema),
  });
  // A refused password is focused once the form is enabled again (a disabled field cannot take focus).
  const refocus = useRef(false);
  const confirm = useMutation({
    mutationFn: confirmPasswordReset,
    onSuccess: (answer) => {
      setSessionUser(answer.user);
      onDone(answer.user, answer.message);
    },
    onError: (failure) => {
      const message = failureMessage(failure, ACCOUNT_LINK_TEXTS.resetFailed);
      // The password's own refusals belong under its field; anything else means the link stopped working.
      if (NEW_PASSWORD_MESSAGES.has(message)) {
        setError('new_password', { message });
        refocus.current = true;
      } else if (failure instanceof ApiError && failure.status === 400) setUnusable(message);
      else setError('root', { message });
    },
  });
  useEffect(() => {
    if (refocus.current && !isSubmitting) {
      refocus.current = false;
      setFocus('new_password');
    }
  }, [isSubmitting, setFocus]);

  const refusal = unusable ?? (link.isError ? failureMessage(link.error, ACCOUNT_LINK_TEXTS.verifyFailed) : null);
  if (refusal) {
    return (
      <>
        {heading(ACCOUNT_LINK_TEXTS.linkUnusableTitle)}
        <UnusableLink message={refusal} />
      </>
    );
  }
  if (!link.data) {
    return (
      <>
        {heading(ACCOUNT_LINK_TEXTS.chooseTitle)}
        <p role="status" className="flex items-center gap-3 text-sm text-slate-600">
          <Spinner />
          {ACCOUNT_LINK_TEXTS.checkingLink}
        </p>
      </>
    );
  }
  const email = link.data.email;

  return (
    <>
      {heading(ACCOUNT_LINK_TEXTS.chooseTitle)}
      <form
        noValidate
        className="space-y-4"
        // mutateAsync inside the form's submit keeps isSubmitting (busy texts, disabled fields) for the call.
        onSubmit={handleSubmit(async ({ new_password }) => {
          await confirm.mutateAsync({ token, new_password }).catch(() => undefined); // shown by onError
        })}
      >
        <p className="text-sm wrap-anywhere text-slate-600">{ACCOUNT_LINK_TEXTS.chooseIntro(email)}</p>
        {errors.root?.message && (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-800">
            {errors.root.message}
          </p>
        )}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <PasswordField
          label="New password"
          autoComplete="new-password"
          autoFocus
          error={errors.new_password?.message}
          disabled={isSubmitting}
          {...register('new_password')}
        />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          error={errors.confirm_password?.message}
          disabled={isSubmitting}
          {...register('confirm_password')}
        />
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? ACCOUNT_LINK_TEXTS.saving : ACCOUNT_LINK_TEXTS.setPassword}
        </Button>
      </form>
    </>
  );
}
