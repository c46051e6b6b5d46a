import { Dialog } from '../../../components/ui/dialog';
import { closeAuthModal, useAuthModal } from '../hooks/use-auth-modal';

/**
 * The global sign-in / sign-up modal. Accounts arrive with the accounts issue, which puts the
 * forms here; until then the modal says plainly that accounts are not available.
 */
export function AuthModal() {
  const { open, mode } = useAuthModal();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : closeAuthModal())}
      title={mode === 'signup' ? 'Create an account' : 'Sign in'}
    >
      <p className="text-sm text-slate-600">
        Accounts are not available yet. You can keep using the invoice editor as a guest: your draft stays in this
        browser.
      </p>
    </Dialog>
  );
}
