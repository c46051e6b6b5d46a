import { ImagePlus, X } from 'lucide-react';
import { useMutation } from '@tanstack/react-query';
import { memo, useEffect, useRef, useState, type ChangeEvent } from 'react';
import { toast } from 'sonner';
import { Spinner } from '../../../components/ui/spinner';
import { uploadLogo } from '../api/upload-logo';

export interface LogoUploaderProps {
  /** The stored logo's URL ('/api/logos/<id>'), or '' when none. */
  logoUrl: string;
  onLogoUrlChange: (logoUrl: string) => void;
}

/**
 * Logo uploader (docs/product/states-and-transitions.md#logo-uploader): image files only; 'Uploading...' with the input
 * disabled; then a preview with a remove button. When the upload fails the picked file is
 * still shown from a local object URL, but no logo_url is set, so the PDF goes without it.
 */
export const LogoUploader = memo(function LogoUploader({ logoUrl, onLogoUrlChange }: LogoUploaderProps) {
  const [localPreview, setLocalPreview] = useState<string | null>(null);
  const localPreviewRef = useRef<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const focusInput = useRef(false);

  /** Object URLs hold the file in memory until revoked: release the old one whenever it is replaced. */
  const replaceLocalPreview = (next: string | null) => {
    if (localPreviewRef.current) URL.revokeObjectURL(localPreviewRef.current);
    localPreviewRef.current = next;
    setLocalPreview(next);
  };
  useEffect(
    () => () => {
      if (localPreviewRef.current) URL.revokeObjectURL(localPreviewRef.current);
    },
    [],
  );
  // After a removal the upload prompt comes back: keep keyboard focus there rather than losing it.
  useEffect(() => {
    if (focusInput.current && inputRef.current) {
      focusInput.current = false;
      inputRef.current.focus();
    }
  });

  const upload = useMutation({
    mutationFn: uploadLogo,
    // Sent even when the browser says it is offline (TanStack would pause it): the failure is then shown.
    networkMode: 'always',
    onSuccess: (url) => {
      replaceLocalPreview(null);
      onLogoUrlChange(url);
      toast.success('Logo uploaded successfully!');
    },
    onError: (_error, file) => {
      replaceLocalPreview(URL.createObjectURL(file));
      onLogoUrlChange('');
      toast.error('Logo preview only (upload failed)');
    },
  });
  const uploading = upload.isPending;

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again must fire another change
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      toast.error('Please choose an image file.');
      return;
    }
    upload.mutate(file);
  };

  const remove = () => {
    replaceLocalPreview(null);
    onLogoUrlChange('');
    focusInput.current = true;
  };

  const preview = localPreview ?? (logoUrl || null);
  if (preview && !uploading) {
    return (
      <div className="relative inline-flex h-24 w-40 items-center justify-center rounded-xl border border-slate-200 bg-white p-2">
        <img src={preview} alt="Invoice logo" className="max-h-full max-w-full object-contain" />
        <button
          type="button"
          onClick={remove}
          aria-label="Remove logo"
          className="absolute -top-2 -right-2 rounded-full border border-slate-200 bg-white p-1 text-slate-600 shadow-sm hover:bg-red-50 hover:text-red-600 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          <X className="h-4 w-4" aria-hidden />
        </button>
        {localPreview && <span className="sr-only">Logo preview only: the upload failed.</span>}
      </div>
    );
  }

  return (
    <label
      className={
        'flex h-24 w-40 cursor-pointer flex-col items-center justify-center gap-1 rounded-xl border-2 border-dashed border-slate-300 bg-white text-sm text-slate-600 ' +
        'hover:border-indigo-400 hover:text-indigo-700 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-indigo-600 ' +
        'has-[:disabled]:cursor-wait has-[:disabled]:opacity-70'
      }
    >
      {uploading ? (
        <>
          <Spinner label="Uploading logo" />
          <span aria-hidden>Uploading...</span>
        </>
      ) : (
        <>
          <ImagePlus className="h-6 w-6" aria-hidden />
          <span>Upload Logo</span>
        </>
      )}
      <input ref={inputRef} type="file" accept="image/*" disabled={uploading} onChange={onFile} className="sr-only" />
    </label>
  );
});
