import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { Dialog } from '../../../components/ui/dialog';
import { closeAuthModal, setAuthModalMode, useAuthModal } from '../hooks/use-auth-modal';
import { AuthForm } from './auth-form';

/**
 * The global sign-in / sign-up modal (docs/product/states-and-transitions.md#the-sign-in-modal). Its content unmounts
 * on close, so the fields and the error start empty every time it opens. Signed in or a guest, the user lands on /new.
 */
export function AuthModal() {
  const { open, mode } = useAuthModal();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const finish = useCallback(() => {
    setBusy(false);
    closeAuthModal();
    void navigate('/new');
  }, [navigate]);

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
        onSuccess={finish}
        onGuest={finish}
        onBusyChange={setBusy}
        autoFocus
      />
    </Dialog>
  );
}
