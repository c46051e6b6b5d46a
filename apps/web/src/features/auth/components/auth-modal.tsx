import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { Dialog } from '../../../components/ui/dialog';
import { DEFAULT_RETURN_PATH, safeReturnPath } from '../../../lib/return-path';
import { closeAuthModal, setAuthModalMode, useAuthModal } from '../hooks/use-auth-modal';
import { AuthForm } from './auth-form';

/**
 * The global sign-in / sign-up modal (docs/product/states-and-transitions.md#the-sign-in-modal). Its content unmounts on close, so the
 * fields and the error start empty every time it opens. Signed in, the user lands on the page they
 * were on the way to when the modal opened for one (docs/product/routes-and-access.md#after-signing-in),
 * else on /new; a guest goes to /new.
 */
export function AuthModal() {
  const { open, mode, returnTo } = useAuthModal();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const target = returnTo ? safeReturnPath(returnTo.path) : null;
  const finish = useCallback(
    (path: string | null) => {
      setBusy(false);
      closeAuthModal();
      void navigate(path ?? DEFAULT_RETURN_PATH, { replace: path !== null && returnTo?.replace === true });
    },
    [navigate, returnTo],
  );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : closeAuthModal())}
      title={mode === 'signup' ? 'Create an account' : 'Sign in'}
      description={mode === 'signup' ? 'Save your invoices, clients and businesses.' : 'Welcome back.'}
      busy={busy}
      className="max-w-md"
    >
      <AuthForm
        mode={mode}
        onModeChange={setAuthModalMode}
        onSuccess={() => finish(target)}
        onGuest={() => finish(null)}
        returnTo={target}
        onBusyChange={setBusy}
        onLeave={() => {
          setBusy(false);
          closeAuthModal();
        }}
        autoFocus
      />
    </Dialog>
  );
}
