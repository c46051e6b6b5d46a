import { Check, ChevronDown, Download, Eye, FileCode2, Save, Send } from 'lucide-react';
import { memo, useId, useRef, useState, type RefObject } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { EINVOICE_DOWNLOADS } from '../model/einvoice-downloads';

export interface ActionPanelProps {
  onSave: () => void;
  onDownload: () => void;
  onPreview: () => void;
  /** The Preview button, which gets focus back when the preview closes. */
  previewRef: RefObject<HTMLButtonElement | null>;
  downloading: boolean;
  /** A save to the account is under way. */
  saving: boolean;
  /** The form is what was last saved to the account: Save shows a disabled 'Saved' until it changes. */
  saved: boolean;
  /** ISO time of the last save (browser draft or account), or null before the first. */
  lastSaved: string | null;
  onSaveToBrowser: () => void;
  onLoadFromBrowser: () => void;
  onClearStorage: () => void;
  /** "Download e-invoice": one of the formats the server makes (issue 17). */
  onDownloadEInvoice: (format: string) => void;
  einvoiceDownloading: boolean;
}

/**
 * Save Invoice, Download and Preview, and the 'Last saved' time (docs/product/editor.md#actions). The Send button and
 * browser-storage panel are hidden placeholders (docs/decisions/0035-placeholders-and-optional-google-sign-in.md): they
 * are in the page with the `hidden` attribute, so nobody sees or reaches them.
 */
export const ActionPanel = memo(function ActionPanel({
  onSave,
  onDownload,
  onPreview,
  previewRef,
  downloading,
  saving,
  saved,
  lastSaved,
  onSaveToBrowser,
  onLoadFromBrowser,
  onClearStorage,
  onDownloadEInvoice,
  einvoiceDownloading,
}: ActionPanelProps) {
  return (
    <section
      aria-label="Invoice actions"
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="grid grid-cols-3 gap-2 @4xl:grid-cols-1">
        {saved ? (
          <Button disabled>
            <Check className="h-4 w-4" aria-hidden />
            Saved
          </Button>
        ) : (
          <Button onClick={onSave} disabled={saving} aria-busy={saving}>
            {saving ? <Spinner className="h-4 w-4" label="Saving" /> : <Save className="h-4 w-4" aria-hidden />}
            <span className="md:hidden">Save</span>
            <span className="hidden md:inline">Save Invoice</span>
          </Button>
        )}
        <Button variant="secondary" onClick={onDownload} disabled={downloading} aria-busy={downloading}>
          {downloading ? (
            <Spinner className="h-4 w-4" label="Downloading" />
          ) : (
            <Download className="h-4 w-4" aria-hidden />
          )}
          Download
        </Button>
        <Button ref={previewRef} variant="secondary" onClick={onPreview}>
          <Eye className="h-4 w-4" aria-hidden />
          Preview
        </Button>
        <Button variant="secondary" hidden disabled>
          <Send className="h-4 w-4" aria-hidden />
          Send
        </Button>
      </div>

      <EInvoiceMenu onDownload={onDownloadEInvoice} downloading={einvoiceDownloading} />

      <div hidden>
        <Button variant="secondary" size="sm" onClick={onSaveToBrowser}>
          Save to Browser
        </Button>
        <Button variant="secondary" size="sm" onClick={onLoadFromBrowser}>
          Load from Browser
        </Button>
        <Button variant="ghost" size="sm" onClick={onClearStorage}>
          Clear Storage
        </Button>
      </div>

      {lastSaved && (
        <p className="text-center text-xs text-slate-500" data-testid="last-saved">
          Last saved: <time dateTime={lastSaved}>{new Date(lastSaved).toLocaleTimeString()}</time>
        </p>
      )}
    </section>
  );
});

/**
 * "Download e-invoice" and its formats, as a disclosure (a button that shows the list below it): it stays within the
 * panel on a phone, and needs no menu code on the editor's first load. Choosing a format closes it.
 */
function EInvoiceMenu({ onDownload, downloading }: { onDownload: (format: string) => void; downloading: boolean }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  return (
    <div
      className="flex flex-col gap-1"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          setOpen(false);
          toggle.current?.focus();
        }
      }}
    >
      <Button
        ref={toggle}
        variant="secondary"
        aria-expanded={open}
        aria-controls={listId}
        disabled={downloading}
        aria-busy={downloading}
        onClick={() => setOpen(!open)}
      >
        {downloading ? (
          <Spinner className="h-4 w-4" label="Downloading the e-invoice" />
        ) : (
          <FileCode2 className="h-4 w-4" aria-hidden />
        )}
        Download e-invoice
        <ChevronDown className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`} aria-hidden />
      </Button>
      <ul id={listId} hidden={!open} aria-label="E-invoice formats" className="flex flex-col gap-1">
        {EINVOICE_DOWNLOADS.map(({ format, label }) => (
          <li key={format}>
            <button
              type="button"
              data-format={format}
              onClick={() => {
                setOpen(false);
                onDownload(format);
              }}
              className="flex min-h-10 w-full items-center rounded-lg px-3 text-left text-sm text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              {label}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
