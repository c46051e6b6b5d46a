import { useCallback, useState } from 'react';

/**
 * The e-mail notifications toggle is local only (docs/product/settings.md#e-mail-notifications): this browser remembers
 * it, on by default.
 */
export const EMAIL_NOTIFICATIONS_KEY = 'emailNotifications';

function read(): boolean {
  try {
    return localStorage.getItem(EMAIL_NOTIFICATIONS_KEY) !== 'false';
  } catch {
    return true; // storage blocked: the default
  }
}

export function useEmailNotifications(): [boolean, (enabled: boolean) => void] {
  const [enabled, setEnabled] = useState(read);
  const update = useCallback((next: boolean) => {
    setEnabled(next);
    try {
      localStorage.setItem(EMAIL_NOTIFICATIONS_KEY, String(next));
    } catch {
      // Storage blocked: the choice lasts for this visit.
    }
  }, []);
  return [enabled, update];
}
