import { useLayoutEffect, useRef, useState } from 'react';

/**
 * The width of an element in CSS pixels, kept up to date: a drawing uses real pixel sizes (text stays
 * readable), and a list chooses a table or cards by the room it has, not by the window's width.
 */
export function useElementWidth<T extends HTMLElement>(): [React.RefObject<T | null>, number] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}
