import { Link } from 'react-router';
import { cn } from '../../lib/cn';

const linkClass = 'rounded text-slate-600 underline-offset-4 hover:text-slate-900 hover:underline';

/** Copyright line with the legal links (docs/product/shell.md#footer). */
export function Footer({ contained = false }: { contained?: boolean }) {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div
        className={cn(
          'flex flex-col gap-3 px-4 py-6 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between sm:px-6',
          contained && 'mx-auto max-w-6xl',
        )}
      >
        <p>© {new Date().getFullYear()} Invoicer</p>
        <nav aria-label="Legal">
          <ul className="flex gap-6">
            <li>
              <Link to="/terms-of-service" className={linkClass}>
                Terms
              </Link>
            </li>
            <li>
              <Link to="/privacy-policy" className={linkClass}>
                Privacy
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
