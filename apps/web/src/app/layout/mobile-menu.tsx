import { Menu } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';

// The whole slide-over, Radix Dialog included, loads on first open: most visits never open it.
const MobileMenuPanel = lazy(() => import('./mobile-menu-panel').then((m) => ({ default: m.MobileMenuPanel })));

/** The menu button of small screens and its slide-over panel (docs/product/shell.md#mobile-menu). */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
        className="inline-flex h-10 w-10 items-center justify-center rounded-lg text-slate-700 transition-colors hover:bg-slate-100 md:hidden"
      >
        <Menu className="h-5 w-5" aria-hidden />
      </button>
      {loaded && (
        <Suspense fallback={null}>
          <MobileMenuPanel open={open} onOpenChange={setOpen} returnFocusTo={button} />
        </Suspense>
      )}
    </>
  );
}
