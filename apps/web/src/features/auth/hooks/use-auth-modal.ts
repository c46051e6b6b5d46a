import { useSyncExternalStore } from 'react';

export type AuthModalMode = 'login' | 'signup';

/** The page a sign-in should land on, when the modal was opened on the way to one. */
export interface ReturnTarget {
  path: string;
  /** Replace the current history entry, which only stood in for that page (a guest sent to /new). */
  replace: boolean;
}

interface AuthModalState {
  open: boolean;
  mode: AuthModalMode;
  returnTo: ReturnTarget | null;
}

/** The global auth modal (docs/product/shell.md#sign-in-modal): any part of the app may open it in login or signup mode. */
let state: AuthModalState = { open: false, mode: 'login', returnTo: null };
const listeners = new Set<() => void>();

function set(next: AuthModalState) {
  state = next;
  for (const listener of listeners) listener();
}

/**
 * Opens the modal. `returnTo` is the page the visitor was on the way to (a protected page, a guarded
 * link); signing in then lands there instead of /new. Every opening starts without one otherwise.
 */
export function openAuthModal(mode: AuthModalMode = 'login', returnTo: ReturnTarget | null = null) {
  set({ open: true, mode, returnTo });
}

export function closeAuthModal() {
  set({ ...state, open: false });
}

export function setAuthModalMode(mode: AuthModalMode) {
  set({ ...state, mode });
}

export function useAuthModal(): AuthModalState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
}
