import { useCallback, useSyncExternalStore } from 'react';

/** Breakpoints of the spec (part 1 §9); they match Tailwind's `md` (768 px) so CSS and JS agree. */
export const MOBILE_QUERY = '(max-width: 767.98px)';
export const SIDEBAR_COLLAPSE_QUERY = '(max-width: 1284.98px)';

/** Whether a media query matches now, re-rendering when it changes. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}
