import { AUTH_MESSAGES } from '@invoicer/domain/api/auth';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { Button } from '../../../components/ui/button';
import { fetchProviders } from '../api/auth-api';

/** Google's "G", drawn inline: nothing is fetched from Google before the user asks for it. */
function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden>
      <path
        fill="#4285F4"
        d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.2 3.32v2.77h3.57c2.08-1.92 3.27-4.74 3.27-8.1z"
      />
      <path
        fill="#34A853"
        d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.57-2.77c-.98.66-2.23 1.06-3.71 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23z"
      />
      <path fill="#FBBC05" d="M5.84 14.1a6.6 6.6 0 0 1 0-4.2V7.06H2.18a11 11 0 0 0 0 9.88l3.66-2.84z" />
      <path
        fill="#EA4335"
        d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15C17.45 2.09 14.97 1 12 1A11 11 0 0 0 2.18 7.06l3.66 2.84C6.71 7.3 9.14 5.38 12 5.38z"
      />
    </svg>
  );
}

export interface GoogleButtonProps {
  redirecting: boolean;
  disabled: boolean;
  onClick: () => void;
  /** The browser came back to this page from its history (back button after leaving for Google). */
  onReturn: () => void;
}

/**
 * 'Continue with Google' (docs/product/accounts.md#google-sign-in). When the server has no Google settings the button
 * stays disabled and says why, instead of sending the user to an error.
 */
export function GoogleButton({ redirecting, disabled, onClick, onReturn }: GoogleButtonProps) {
  const providers = useQuery({ queryKey: ['auth-providers'], queryFn: fetchProviders, staleTime: Infinity });
  const noteId = useId();
  const notConfigured = providers.data?.google === false;

  // A page restored from the back/forward cache keeps its 'Redirecting...' state: give the button back.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) onReturn();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [onReturn]);

  return (
    <div>
      <Button
        variant="secondary"
        className="w-full"
        onClick={onClick}
        disabled={disabled || redirecting || providers.isPending || notConfigured}
        aria-describedby={notConfigured ? noteId : undefined}
      >
        <GoogleMark />
        {redirecting ? 'Redirecting...' : 'Continue with Google'}
      </Button>
      {notConfigured && (
        <p id={noteId} className="mt-1.5 text-center text-xs text-slate-600">
          {AUTH_MESSAGES.googleNotConfigured}
        </p>
      )}
    </div>
  );
}
