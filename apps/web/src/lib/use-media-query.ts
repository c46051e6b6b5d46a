import { useCallback, useSyncExternalStore } from 'react';

/**
 * Breakpoints (docs/product/messages-and-limits.md#screen-sizes): narrower than 768 px is a phone (cards instead
 * of tables, no drag handles, the bottom bar). They match Tailwind's `md` so CSS and JS agree.
 */
export const MOBILE_QUERY = '(max-width: 767.98px)';
export const SIDEBAR_COLLAPSE_QUERY = '(max-width: 1284.98px)';

/** Whether a media query matches now, re-rendering when it changes (resizes, rotation). */
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

/** True below 768 px wide. */
export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_QUERY);
}
