import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/field';
import { IMPORT_TEXTS } from '../model/mapping';
import { SkippedList } from './skipped-list';

/**
 * What every import dialog shows once the server answered (docs/product/importing.md#the-report): the server's
 * sentence, anything the dialog adds, what was skipped and why, then "Import another file" or Done.
 */
export function ImportReport({
  message,
  skipped,
  onAgain,
  onDone,
  children,
}: {
  message: string;
  skipped: Array<{ where: string; reason: string }>;
  onAgain: () => void;
  onDone: () => void;
  children?: ReactNode;
}) {
  return (
    <div>
      <p role="status" className="text-sm font-medium text-slate-900">
        {message}
      </p>
      {children}
      {skipped.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{IMPORT_TEXTS.nothingSkipped}</p>
      ) : (
        <SkippedList label={IMPORT_TEXTS.skippedTitle(skipped.length)} entries={skipped} />
      )}
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" className="h-11 md:h-10" onClick={onAgain}>
          Import another file
        </Button>
        <Button className="h-11 md:h-10" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}

/** The file chooser of an import dialog, with the error of the last attempt under it (announced, and described-by). */
export function ImportFileField({
  id,
  label,
  accept,
  error,
  errorId,
  onChoose,
}: {
  id: string;
  label: string;
  accept: string;
  error: string | null;
  errorId: string;
  onChoose: (file: File | null) => void;
}) {
  return (
    <>
      <Label htmlFor={id}>{label}</Label>
      <input
        id={id}
        type="file"
        accept={accept}
        aria-describedby={error ? errorId : undefined}
        className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:h-10 file:rounded-lg file:border-0 file:bg-indigo-50 file:px-4 file:text-sm file:font-medium file:text-indigo-700 hover:file:bg-indigo-100"
        onChange={(event) => onChoose(event.target.files?.[0] ?? null)}
      />
      {error && (
        <p id={errorId} role="alert" className="mt-2 text-sm text-red-600">
          {error}
        </p>
      )}
    </>
  );
}
