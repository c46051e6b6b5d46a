/** Hands a blob to the browser as a download with the given name. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns; release it once the download has surely started.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
