import { useCallback } from 'react';
import { openAuthModal } from '../../features/auth/hooks/use-auth-modal';
import { useSession } from '../../features/auth/hooks/use-session';
import { InvoiceEditor } from '../../features/invoice-editor/components/invoice-editor';

/** /new: the invoice editor, open to guests; saving asks a guest to sign in. */
export function NewInvoiceRoute() {
  const session = useSession();
  const requireAccount = useCallback(() => openAuthModal('login'), []);
  return <InvoiceEditor isSignedIn={session.status === 'signed-in'} onRequireAccount={requireAccount} />;
}
