import { useSyncExternalStore } from 'react';

export type AuthModalMode = 'login' | 'signup';

interface AuthModalState {
  open: boolean;
  mode: AuthModalMode;
}

/**
 * The global auth modal (docs/product/shell.md#sign-in-modal): any part of the app may open it in login or signup mode.
 */
let state: AuthModalState = { open: false, mode: 'login' };
const listeners = new Set<() => void>();

function set(next: AuthModalState) {
  state = next;
  for (const listener of listeners) listener();
}

export function openAuthModal(mode: AuthModalMode = 'login') {
  set({ open: true, mode });
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
