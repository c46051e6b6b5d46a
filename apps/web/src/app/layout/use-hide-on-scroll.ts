import { useEffect, useState } from 'react';

/** Scrolling down past this many pixels hides the header on small screens (docs/product/shell.md#header). */
export const HEADER_HIDE_THRESHOLD = 100;

/**
 * True while the header should be hidden: the user is scrolling down and is past the threshold.
 * Any upward scroll shows it again. Off when `enabled` is false (wide screens keep the header).
 */
export function useHideOnScroll(enabled: boolean): [hidden: boolean, show: () => void] {
  const [hidden, setHidden] = useState(false);

  useEffect(() => {
    if (!enabled) return;
    let lastY = window.scrollY;
    let frame = 0;
    const update = () => {
      frame = 0;
      const y = window.scrollY;
      if (y > lastY && y > HEADER_HIDE_THRESHOLD) setHidden(true);
      else if (y < lastY || y <= HEADER_HIDE_THRESHOLD) setHidden(false);
      lastY = y;
    };
    // One update per frame keeps fast scrolling cheap.
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [enabled]);

  return [enabled && hidden, () => setHidden(false)];
}
