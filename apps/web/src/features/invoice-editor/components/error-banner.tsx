import { AlertCircle, X } from 'lucide-react';

/** The editor's dismissible error banner (docs/product/editor.md#errors), announced when it appears. */
export function ErrorBanner({ message, onDismiss }: { message: string | null; onDismiss: () => void }) {
  return (
    <div role="alert" aria-live="assertive">
      {message && (
        <div className="flex items-start gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          <AlertCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <p className="flex-1 break-words" data-testid="editor-error">
            {message}
          </p>
          <button
            type="button"
            onClick={onDismiss}
            aria-label="Dismiss error"
            className="rounded-md p-0.5 text-red-700 hover:bg-red-100 focus-visible:outline-2 focus-visible:outline-red-600"
          >
            <X className="h-4 w-4" aria-hidden />
          </button>
        </div>
      )}
    </div>
  );
}
