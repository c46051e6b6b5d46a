import { Link } from 'react-router';

/** The brand mark (same drawing as the favicon) and name, linking home. */
export function Logo() {
  return (
    <Link
      to="/"
      aria-label="Invoicer home"
      className="flex shrink-0 items-center gap-2.5 rounded-lg text-lg font-bold tracking-tight text-slate-900"
    >
      <svg viewBox="0 0 32 32" className="h-8 w-8" aria-hidden>
        <rect width="32" height="32" rx="7" fill="#4f46e5" />
        <path d="M10 8h12v2H10zm0 5h12v2H10zm0 5h8v2h-8z" fill="#fff" />
      </svg>
      Invoicer
    </Link>
  );
}
