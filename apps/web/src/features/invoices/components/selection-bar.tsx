import { BULK_DOWNLOAD_MAX } from '@invoicer/domain/api/invoices';
import { Download } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { formatBytes } from '../../../lib/format';

export interface SelectionBarProps {
  /** How many invoices the actions act on ("all N" counts every matching invoice). */
  count: number;
  /** Rows on the page on screen, and invoices the search and filter match on every page. */
  pageCount: number;
  total: number;
  /** The whole page is ticked and more invoices match: offer them all, as Gmail does. */
  offerAll: boolean;
  allMatching: boolean;
  /** A search or a status chip is on: "all" means all that match. */
  filtered: boolean;
  downloading: boolean;
  /** Bytes of the ZIP received so far. */
  received: number;
  onSelectAll: () => void;
  onDownload: () => void;
  onClear: () => void;
}

const plural = (count: number) => (count === 1 ? '1 invoice' : `${count.toLocaleString('en-US')} invoices`);

/**
 * 'N invoices selected' with Download Selected (N) and Clear (docs/product/invoices.md#bulk-download); once the page is
 * ticked, "Select all N invoices" reaches every invoice the search and filter match. A download
 * holds at most BULK_DOWNLOAD_MAX invoices: past that, the button is off and the bar says why.
 */
export function SelectionBar({
  count,
  pageCount,
  total,
  offerAll,
  allMatching,
  filtered,
  downloading,
  received,
  onSelectAll,
  onDownload,
  onClear,
}: SelectionBarProps) {
  const overLimit = count > BULK_DOWNLOAD_MAX;
  return (
    <div
      role="region"
      aria-label="Selected invoices"
      className="flex flex-col gap-2 rounded-xl border border-indigo-200 bg-indigo-50 px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="text-sm text-indigo-900">
        <p className="font-medium">{`${plural(count)} selected`}</p>
        {offerAll && (
          <p>
            {`All ${plural(pageCount)} on this page are selected. `}
            <button
              type="button"
              onClick={onSelectAll}
              className="font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              {`Select all ${plural(total)}${filtered ? ' that match' : ''}`}
            </button>
          </p>
        )}
        {allMatching && (
          <p>{`All ${plural(total)}${filtered ? ' that match this search and filter' : ''} are selected, on every page.`}</p>
        )}
        {overLimit && (
          <p>{`A download holds at most ${BULK_DOWNLOAD_MAX} invoices: narrow the search or the status filter to download these.`}</p>
        )}
        <p role="status" className="text-indigo-800">
          {downloading && (received === 0 ? 'Preparing ZIP...' : `Downloading... ${formatBytes(received)} received`)}
        </p>
      </div>
      <div className="flex gap-2">
        <Button
          onClick={onDownload}
          disabled={downloading || overLimit}
          aria-busy={downloading}
          className="h-11 flex-1 md:h-10"
        >
          {downloading ? (
            <Spinner className="h-4 w-4" label="Downloading" />
          ) : (
            <Download className="h-4 w-4" aria-hidden />
          )}
          Download Selected ({count})
        </Button>
        <Button variant="secondary" onClick={onClear} disabled={downloading} className="h-11 md:h-10">
          Clear
        </Button>
      </div>
    </div>
  );
}
