import type { MouseEvent } from 'react';
import { openAuthModal } from '../../features/auth/hooks/use-auth-modal';
import { useSession } from '../../features/auth/hooks/use-session';

/**
 * For guests, a link to a page that needs an account opens the login modal instead of
 * navigating (docs/product/routes-and-access.md#links-a-guest-may-not-follow). Returns the click handler to put on
 * such links.
 */
export function useGuestGuard() {
  const isGuest = useSession().status !== 'signed-in';
  return (isPublic = false) =>
    (event: MouseEvent) => {
      if (!isGuest || isPublic) return;
      event.preventDefault();
      openAuthModal('login');
    };
}
