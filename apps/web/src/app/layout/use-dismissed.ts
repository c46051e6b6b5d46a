import { useState } from 'react';

/** A flag kept in localStorage, so a dismissed card stays dismissed after a reload. */
export function useDismissed(key: string): [dismissed: boolean, dismiss: () => void] {
  const [dismissed, setDismissed] = useState(() => {
    try {
      return localStorage.getItem(key) === '1';
    } catch {
      return false; // Storage can be blocked (private modes, policies); the card then simply shows.
    }
  });
  const dismiss = () => {
    setDismissed(true);
    try {
      localStorage.setItem(key, '1');
    } catch {
      // Not remembered across reloads, but dismissed for now.
    }
  };
  return [dismissed, dismiss];
}
