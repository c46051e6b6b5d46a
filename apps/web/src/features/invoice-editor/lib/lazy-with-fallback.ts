import { lazy, type ComponentType } from 'react';

/**
 * React.lazy whose failed download (offline, a deploy replaced the chunk) renders `fallback`
 * instead of throwing to the route's error page: the editor and what was typed stay.
 */
export function lazyWithFallback<P extends object>(load: () => Promise<ComponentType<P>>, fallback: ComponentType<P>) {
  return lazy(() =>
    load().then(
      (component) => ({ default: component }),
      () => ({ default: fallback }),
    ),
  );
}
