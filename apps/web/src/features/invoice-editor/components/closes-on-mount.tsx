import { useEffect } from 'react';

/** Stand-in for a popover whose code could not be loaded: it closes again at once. */
export function ClosesOnMount({ onOpenChange }: { onOpenChange: (open: boolean) => void }) {
  useEffect(() => onOpenChange(false), [onOpenChange]);
  return null;
}
