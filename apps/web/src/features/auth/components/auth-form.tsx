import { zodResolver } from '@hookform/resolvers/zod';
import type { SigninBody } from '@invoicer/domain/api/auth';
import { Eye, EyeOff } from 'lucide-react';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useState, type ReactNode } from 'react';
import { useForm, type FieldError as FormFieldError, type Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FieldError, Input, Label } from '../../../components/ui/field';
import { cn } from '../../../lib/cn';
import { GOOGLE_SIGN_IN_PATH, signIn, signUp } from '../api/auth-api';
import { useSetSessionUser, type SessionUser } from '../hooks/use-session';
import {
  authErrorMessage,
  EMPTY_AUTH_FORM,
  signinFormSchema,
  signupFormSchema,
  type AuthFormFields,
  type AuthMode,
  type SignupFormValues,
} from '../model/auth-form';
import { rememberReturnPath } from '../model/return-after-sign-in';
import { GoogleButton } from './google-button';

type AuthResolver = Resolver<AuthFormFields, unknown, SignupFormValues | SigninBody>;
const resolvers: Record<AuthMode, AuthResolver> = {
  signup: zodResolver(signupFormSchema),
  // Sign-in validates the e-mail and password among the shared fields; its schema ignores the others.
  login: zodResolver(signinFormSchema) as unknown as AuthResolver,
};

export interface AuthFormProps {
  mode: AuthMode;
  onModeChange: (mode: AuthMode) => void;
  /** Signed in: the user is already in the session; the host closes itself and moves on. */
  onSuccess: (user: SessionUser) => void;
  /** 'Continue as guest'. */
  onGuest: () => void;
  /** Busy while a request or the Google redirect is under way (the modal refuses to close then). */
  onBusyChange?: (busy: boolean) => void;
  /** A message the page arrived with (/auth?error=oauth_failed); toggling the mode clears it like any other. */
  initialError?: string | null;
  /** Focus the first field on mount (the modal; a page leaves focus where the browser puts it). */
  autoFocus?: boolean;
  /** The page a sign-in lands on, kept across the trip to Google (already checked by safeReturnPath). */
  returnTo?: string | null;
  /** "Forgot password?" leaves for /reset-password: the modal closes itself first. */
  onLeave?: () => void;
}

/** One labelled text field with its error line. */
function TextField({
  label,
  error,
  children,
  id,
}: {
  label: string;
  error: FormFieldError | undefined;
  id: string;
  children: ReactNode;
}) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <div className="mt-1">{children}</div>
      <FieldError id={`${id}-error`}>{error?.message}</FieldError>
    </div>
  );
}

/**
 * Sign-in and sign-up (docs/product/accounts.md#the-sign-in-and-sign-up-form), shown by the global modal and by
 * the /auth page. Both modes validate with the server's own schemas.
 */
export function AuthForm({
  mode,
  onModeChange,
  onSuccess,
  onGuest,
  onBusyChange,
  initialError = null,
  autoFocus = false,
  returnTo = null,
  onLeave,
}: AuthFormProps) {
  const id = useId();
  const navigate = useNavigate();
  const setSessionUser = useSetSessionUser();
  const [error, setError] = useState<string | null>(initialError);
  const [showPassword, setShowPassword] = useState(false);
  const [redirecting, setRedirecting] = useState(false);
  const isSignup = mode === 'signup';

  const {
    register,
    handleSubmit,
    clearErrors,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<AuthFormFields, unknown, SignupFormValues | SigninBody>({
    defaultValues: EMPTY_AUTH_FORM,
    // The resolver follows the mode: useForm reads its options again on every render.
    resolver: resolvers[mode],
  });

  const authenticate = useMutation({
    mutationFn: (values: SignupFormValues | SigninBody) =>
      'first_name' in values
        ? signUp({
            first_name: values.first_name,
            last_name: values.last_name,
            email: values.email,
            password: values.password,
          })
        : signIn({ email: values.email, password: values.password }),
    // Sent even when the browser says it is offline (TanStack would pause it): the failure is then shown.
    networkMode: 'always',
    onSuccess: ({ user }) => {
      setSessionUser(user);
      onSuccess(user);
    },
    onError: (failure) => setError(authErrorMessage(failure)),
  });

  const busy = isSubmitting || redirecting;
  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange]);
  useEffect(() => () => onBusyChange?.(false), [onBusyChange]);

  // mutateAsync inside the form's submit keeps isSubmitting (busy texts, disabled fields) for the call.
  const submit = handleSubmit(async (values) => {
    setError(null);
    await authenticate.mutateAsync(values).catch(() => undefined); // shown by onError
  });

  const toggleMode = () => {
    setError(null);
    clearErrors();
    onModeChange(isSignup ? 'login' : 'signup');
  };

  const continueWithGoogle = () => {
    setError(null);
    setRedirecting(true);
    rememberReturnPath(returnTo);
    try {
      window.location.assign(GOOGLE_SIGN_IN_PATH);
    } catch (failure) {
      setRedirecting(false);
      setError(failure instanceof Error && failure.message ? failure.message : 'Google login failed');
    }
  };
  const stopRedirecting = useCallback(() => setRedirecting(false), []);

  // The address typed so far goes along in the history entry's state, never in the URL (docs/product/accounts.md#password-reset).
  const forgotPassword = () => {
    onLeave?.();
    void navigate('/reset-password', { state: { email: getValues('email').trim() } });
  };

  const field = (name: keyof AuthFormFields) => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
    disabled: busy,
  });

  return (
    <div className="space-y-5">
      {error && (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-800">
          {error}
        </div>
      )}

      <form noValidate onSubmit={submit} className="space-y-4">
        {isSignup && (
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="First name" id={`${id}-first_name`} error={errors.first_name}>
              <Input
                {...register('first_name')}
                {...field('first_name')}
                autoComplete="given-name"
                autoFocus={autoFocus}
              />
            </TextField>
            <TextField label="Last name" id={`${id}-last_name`} error={errors.last_name}>
              <Input {...register('last_name')} {...field('last_name')} autoComplete="family-name" />
            </TextField>
          </div>
        )}

        <TextField label="Email" id={`${id}-email`} error={errors.email}>
          <Input
            {...register('email')}
            {...field('email')}
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            autoFocus={autoFocus && !isSignup}
          />
        </TextField>

        <TextField label="Password" id={`${id}-password`} error={errors.password}>
          <div className="relative">
            <Input
              {...register('password')}
              {...field('password')}
              type={showPassword ? 'text' : 'password'}
              autoComplete={isSignup ? 'new-password' : 'current-password'}
              className="pr-11"
            />
            <button
              type="button"
              onClick={() => setShowPassword((shown) => !shown)}
              aria-label={showPassword ? 'Hide password' : 'Show password'}
              aria-controls={`${id}-password`}
              className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-lg text-slate-500 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-indigo-600"
            >
              {showPassword ? <EyeOff className="h-4 w-4" aria-hidden /> : <Eye className="h-4 w-4" aria-hidden />}
            </button>
          </div>
        </TextField>

        {!isSignup && (
          <div className="-mt-2 flex justify-end">
            <button
              type="button"
              onClick={forgotPassword}
              disabled={busy}
              className="rounded text-sm font-medium text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
            >
              Forgot password?
            </button>
          </div>
        )}

        {isSignup && (
          <div>
            <div className="flex items-start gap-2.5">
              <input
                type="checkbox"
                {...register('terms')}
                {...field('terms')}
                className="mt-0.5 h-4 w-4 shrink-0 rounded border-slate-300 accent-indigo-600"
              />
              <label htmlFor={`${id}-terms`} className="text-sm text-slate-700">
                I agree to the{' '}
                <a
                  href="/terms-of-service"
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-600"
                >
                  Terms of Service
                </a>{' '}
                and{' '}
                <a
                  href="/privacy-policy"
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-600"
                >
                  Privacy Policy
                </a>
                <span className="sr-only"> (open in a new tab)</span>
              </label>
            </div>
            <FieldError id={`${id}-terms-error`}>{errors.terms?.message}</FieldError>
          </div>
        )}

        <Button type="submit" className="w-full" disabled={busy}>
          {isSubmitting
            ? isSignup
              ? 'Creating account...'
              : 'Signing in...'
            : isSignup
              ? 'Create account'
              : 'Sign in'}
        </Button>
      </form>

      <div className="flex items-center gap-3 text-xs text-slate-500" aria-hidden>
        <span className="h-px flex-1 bg-slate-200" />
        or
        <span className="h-px flex-1 bg-slate-200" />
      </div>

      <GoogleButton
        redirecting={redirecting}
        disabled={isSubmitting}
        onClick={continueWithGoogle}
        onReturn={stopRedirecting}
      />

      <p className="text-center text-sm text-slate-600">
        {isSignup ? 'Already have an account?' : "Don't have an account?"}{' '}
        <button
          type="button"
          onClick={toggleMode}
          disabled={busy}
          className={cn(
            'rounded font-semibold text-indigo-700 underline-offset-2 hover:underline',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
          )}
        >
          {isSignup ? 'Log in' : 'Create one'}
        </button>
      </p>

      <div className="text-center">
        <Button variant="ghost" size="sm" onClick={onGuest} disabled={busy}>
          Continue as guest
        </Button>
      </div>
    </div>
  );
}
