import type { MouseEvent } from 'react';
import { openAuthModal } from '../../features/auth/hooks/use-auth-modal';
import { useSession } from '../../features/auth/hooks/use-session';

/**
 * For guests, a link to a page that needs an account opens the login modal instead of
 * navigating (docs/product/routes-and-access.md#links-a-guest-may-not-follow); signing in there then goes on to the link's page
 * (docs/product/routes-and-access.md#after-signing-in). Returns the click handler to put on such links.
 */
export function useGuestGuard() {
  const isGuest = useSession().status !== 'signed-in';
  return (isPublic = false) =>
    (event: MouseEvent) => {
      if (!isGuest || isPublic) return;
      event.preventDefault();
      const link = event.currentTarget;
      const path = link instanceof HTMLAnchorElement ? `${link.pathname}${link.search}${link.hash}` : null;
      openAuthModal('login', path ? { path, replace: false } : null);
    };
}
