import { useState } from 'react';
import { cn } from '../../lib/cn';
import { initials } from '../../lib/initials';

/** Background and text pairs that keep initials above 4.5:1 contrast. */
const PALETTE = [
  'bg-indigo-100 text-indigo-800',
  'bg-emerald-100 text-emerald-800',
  'bg-amber-100 text-amber-900',
  'bg-rose-100 text-rose-800',
  'bg-sky-100 text-sky-800',
  'bg-violet-100 text-violet-800',
];

/** The same name always gets the same colour. */
function colourOf(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return PALETTE[hash % PALETTE.length]!;
}

export interface AvatarProps {
  name: string;
  src?: string | null;
  className?: string;
  /** Overrides the colour picked from the name. */
  colour?: string;
}

/** A round picture, or the person's initials when there is none or it fails to load. Decorative: the name is said elsewhere. */
export function Avatar({ name, src, className, colour }: AvatarProps) {
  // Remembers which picture failed, so a new picture gets its own chance.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const base = cn('inline-flex h-9 w-9 shrink-0 items-center justify-center overflow-hidden rounded-full', className);
  if (src && src !== failedSrc) {
    return <img src={src} alt="" aria-hidden className={cn(base, 'object-cover')} onError={() => setFailedSrc(src)} />;
  }
  return (
    <span aria-hidden className={cn(base, 'text-xs font-semibold select-none', colour ?? colourOf(name))}>
      {initials(name, { fallback: '?' })}
    </span>
  );
}
