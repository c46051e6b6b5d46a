import { zodResolver } from '@hookform/resolvers/zod';
import { passwordResetBodySchema, type PasswordResetBody } from '@invoicer/domain/api/auth';
import { useMutation } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { failureMessage } from '../../../lib/api-client';
import { requestPasswordReset } from '../../../lib/password-reset-api';
import { ACCOUNT_LINK_TEXTS } from '../model/account-links';

export interface ForgotPasswordFormProps {
  /** The address to start with (typed in the sign-in form before "Forgot password?"). */
  initialEmail?: string;
  /** The button's words: "Send reset link", or "Send a new link" under a link that no longer works. */
  submitLabel?: string;
}

/**
 * Asks for a reset link (docs/product/accounts.md#password-reset): the address, then the same answer whether or not
 * an account has it, and a way back to sign in.
 */
export function ForgotPasswordForm({
  initialEmail = '',
  submitLabel = ACCOUNT_LINK_TEXTS.sendResetLink,
}: ForgotPasswordFormProps) {
  const [sentTo, setSentTo] = useState<{ email: string; message: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const confirmation = useRef<HTMLDivElement>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<PasswordResetBody>({
    defaultValues: { email: initialEmail },
    resolver: zodResolver(passwordResetBodySchema),
  });
  const send = useMutation({ mutationFn: (body: PasswordResetBody) => requestPasswordReset(body.email) });

  // The confirmation replaces the form: focus moves to it, so a screen reader reads it and the keyboard stays there.
  useEffect(() => {
    if (sentTo) confirmation.current?.focus();
  }, [sentTo]);

  if (sentTo) {
    return (
      <div ref={confirmation} tabIndex={-1} role="status" className="space-y-4 focus:outline-none">
        <div className="flex gap-3 rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900">
          <MailCheck className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
          <div className="min-w-0 space-y-2">
            <p className="font-medium wrap-anywhere">{ACCOUNT_LINK_TEXTS.checkInbox(sentTo.email)}</p>
            <p>{sentTo.message}</p>
            <p>{ACCOUNT_LINK_TEXTS.spamHint}</p>
          </div>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-between">
          <Button variant="secondary" onClick={() => setSentTo(null)}>
            {ACCOUNT_LINK_TEXTS.useAnotherAddress}
          </Button>
          <Link
            to="/auth"
            className="inline-flex h-10 items-center justify-center rounded-lg px-4 text-sm font-semibold text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
          >
            {ACCOUNT_LINK_TEXTS.backToSignIn}
          </Link>
        </div>
      </div>
    );
  }

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={handleSubmit(async (body) => {
        setError(null);
        try {
          const answer = await send.mutateAsync(body);
          setSentTo({ email: body.email, message: answer.message });
        } catch (failure) {
          setError(failureMessage(failure, ACCOUNT_LINK_TEXTS.resetRequestFailed));
        }
      })}
    >
      {error && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-800">
          {error}
        </p>
      )}
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
        error={errors.email?.message}
        disabled={isSubmitting}
        {...register('email')}
      />
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? ACCOUNT_LINK_TEXTS.sending : submitLabel}
      </Button>
      <p className="text-center text-sm text-slate-600">
        {ACCOUNT_LINK_TEXTS.rememberedIt}{' '}
        <Link
          to="/auth"
          className="rounded font-semibold text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        >
          {ACCOUNT_LINK_TEXTS.backToSignIn}
        </Link>
      </p>
    </form>
  );
}
