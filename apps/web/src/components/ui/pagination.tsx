import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './button';

export interface PaginationProps {
  page: number;
  pages: number;
  total: number;
  perPage: number;
  /** The plural noun of the summary line: 'Showing 11 to 20 of 42 {noun}'. */
  noun: string;
  onPageChange: (page: number) => void;
  /** The page position text; 'Page N of M' unless a page wants its own form. */
  pageLabel?: (page: number, pages: number) => string;
  /** Names the navigation landmark. */
  label?: string;
}

/** Previous / Next through a server-paged list; nothing at all when there is only one page. */
export function Pagination({
  page,
  pages,
  total,
  perPage,
  noun,
  onPageChange,
  pageLabel = (current, count) => `Page ${current} of ${count}`,
  label = 'Pagination',
}: PaginationProps) {
  if (pages <= 1) return null;
  const from = total === 0 ? 0 : (page - 1) * perPage + 1;
  const to = Math.min(page * perPage, total);
  return (
    <nav
      aria-label={label}
      className="flex flex-col items-center justify-between gap-3 border-t border-slate-200 px-4 py-3 sm:flex-row"
    >
      <p className="text-sm text-slate-600">
        Showing {from} to {to} of {total} {noun}
      </p>
      <div className="flex items-center gap-3">
        <Button
          variant="secondary"
          size="sm"
          className="h-11 md:h-8"
          disabled={page <= 1}
          onClick={() => onPageChange(page - 1)}
        >
          <ChevronLeft className="h-4 w-4" aria-hidden />
          Previous
        </Button>
        <span className="text-sm whitespace-nowrap text-slate-700">{pageLabel(page, pages)}</span>
        <Button
          variant="secondary"
          size="sm"
          className="h-11 md:h-8"
          disabled={page >= pages}
          onClick={() => onPageChange(page + 1)}
        >
          Next
          <ChevronRight className="h-4 w-4" aria-hidden />
        </Button>
      </div>
    </nav>
  );
}
