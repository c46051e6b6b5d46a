import { Download, FileArchive, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Panel } from '../../../components/ui/panel';
import { Spinner } from '../../../components/ui/spinner';
import { failureMessage } from '../../../lib/api-client';
import { useAccountExport, useStartExport } from '../hooks/use-account-export';
import { availableUntilText, downloadText, EXPORT_TEXTS, isUnderWay, progressText } from '../model/export-texts';

/**
 * Settings > Profile > Export my data (issue 18): start an export, follow its progress, download the ZIP while it is
 * available (24 hours), or start again. The progress bar is a progressbar for screen readers, its text a polite status.
 */
export function ExportDataSection() {
  const { latest, current } = useAccountExport();
  const start = useStartExport();
  const [startError, setStartError] = useState<string | null>(null);

  const begin = () => {
    setStartError(null);
    start.mutate(undefined, { onError: (error) => setStartError(failureMessage(error, EXPORT_TEXTS.startFailed)) });
  };
  const startButton = (label: string, icon = <FileArchive className="h-4 w-4" aria-hidden />) => (
    <Button variant="secondary" className="shrink-0" disabled={start.isPending} onClick={begin}>
      {icon}
      {start.isPending ? EXPORT_TEXTS.starting : label}
    </Button>
  );

  let body: React.ReactNode;
  if (latest.isPending) {
    body = (
      <p role="status" className="flex items-center gap-3 text-sm text-slate-600">
        <Spinner />
        Loading...
      </p>
    );
  } else if (latest.isError) {
    body = (
      <div className="text-sm text-slate-600">
        <p>{EXPORT_TEXTS.loadFailed}</p>
        <Button variant="secondary" size="sm" className="mt-2 h-11 md:h-8" onClick={() => void latest.refetch()}>
          {EXPORT_TEXTS.retry}
        </Button>
      </div>
    );
  } else if (current && isUnderWay(current.status)) {
    const { done, total } = current.progress;
    const text = current.status === 'queued' ? EXPORT_TEXTS.queued : progressText(current.progress);
    body = (
      <div className="space-y-2">
        <div
          role="progressbar"
          aria-label={EXPORT_TEXTS.progressLabel}
          aria-valuemin={0}
          aria-valuemax={Math.max(total, 1)}
          aria-valuenow={done}
          aria-valuetext={text}
          className="h-2 w-full overflow-hidden rounded-full bg-slate-100"
        >
          <div
            className="h-full rounded-full bg-indigo-600 transition-[width]"
            style={{ width: `${total > 0 ? Math.min(100, (done / total) * 100) : 0}%` }}
          />
        </div>
        <p role="status" className="text-sm text-slate-700">
          {text}
        </p>
      </div>
    );
  } else if (current?.status === 'ready' && current.download_url) {
    body = (
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <a
            href={current.download_url}
            download
            className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-indigo-600 px-4 text-sm font-semibold text-white hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
          >
            <Download className="h-4 w-4" aria-hidden />
            {downloadText(current.size_bytes)}
          </a>
          <p className="mt-2 text-sm text-slate-600">{availableUntilText(current.expires_at)}</p>
        </div>
        {startButton(EXPORT_TEXTS.startAgain)}
      </div>
    );
  } else if (current?.status === 'failed') {
    body = (
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p role="alert" className="text-sm wrap-anywhere text-red-800">
          {current.failure}
        </p>
        {startButton(EXPORT_TEXTS.tryAgain, <RotateCcw className="h-4 w-4" aria-hidden />)}
      </div>
    );
  } else {
    body = (
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600">{current?.status === 'expired' ? EXPORT_TEXTS.expired : ''}</p>
        {startButton(EXPORT_TEXTS.start)}
      </div>
    );
  }

  return (
    <Panel title={EXPORT_TEXTS.title} className="sm:p-6">
      <p className="mb-4 text-sm text-slate-600">{EXPORT_TEXTS.intro}</p>
      {body}
      {startError && (
        <p role="alert" className="mt-3 text-sm wrap-anywhere text-red-800">
          {startError}
        </p>
      )}
    </Panel>
  );
}
