import { returnPathOr, safeReturnPath } from '../../../lib/return-path';

/**
 * Google sign-in leaves the site and comes back through /auth/callback, so the page asked for waits
 * in this tab's sessionStorage meanwhile (only this tab, gone with it). Written just before leaving,
 * read once on return. See docs/product/routes-and-access.md#after-signing-in.
 */
const KEY = 'invoicer.returnAfterSignIn';

/** Keeps the page to return to (or forgets any earlier one when there is none). Storage refused: ignored. */
export function rememberReturnPath(path: string | null): void {
  try {
    const safe = safeReturnPath(path);
    if (safe) window.sessionStorage.setItem(KEY, safe);
    else window.sessionStorage.removeItem(KEY);
  } catch {
    // Blocked storage: Google sign-in then lands on the default page.
  }
}

/** The page kept for the return, checked again (storage is the visitor's to edit), without forgetting it. */
export function peekReturnPath(): string | null {
  try {
    return safeReturnPath(window.sessionStorage.getItem(KEY));
  } catch {
    return null;
  }
}

/** Where the return from Google goes: the page kept for it, once, else the default. */
export function takeReturnPath(): string {
  const path = peekReturnPath();
  rememberReturnPath(null);
  return returnPathOr(path);
}
