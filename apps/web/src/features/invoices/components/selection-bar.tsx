import { Download } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { formatBytes } from '../model/format';

export interface SelectionBarProps {
  count: number;
  downloading: boolean;
  /** Bytes of the ZIP received so far. */
  received: number;
  onDownload: () => void;
  onClear: () => void;
}

/** 'N invoices selected' with Download Selected (N) and Clear (docs/product/invoices.md#bulk-download). */
export function SelectionBar({ count, downloading, received, onDownload, onClear }: SelectionBarProps) {
  return (
    <div
      role="region"
      aria-label="Selected invoices"
      className="flex flex-col gap-2 rounded-xl border border-indigo-200 bg-indigo-50 px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="text-sm text-indigo-900">
        <p className="font-medium">{count === 1 ? '1 invoice selected' : `${count} invoices selected`}</p>
        <p role="status" className="text-indigo-800">
          {downloading && (received === 0 ? 'Preparing ZIP...' : `Downloading... ${formatBytes(received)} received`)}
        </p>
      </div>
      <div className="flex gap-2">
        <Button onClick={onDownload} disabled={downloading} aria-busy={downloading} className="h-11 flex-1 md:h-10">
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
