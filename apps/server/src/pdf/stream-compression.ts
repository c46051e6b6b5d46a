import zlib from 'node:zlib';

/**
 * pdfkit compresses every stream of a PDF (page content, font files, ToUnicode maps) with zlib's default level, 6,
 * through `zlib.deflateSync(data)` with no options. Level 1 compresses an invoice's streams about 3x faster for
 * streams a few percent larger (docs/decisions/0074-pdf-threads-collect-and-remember-glyphs.md). pdfkit offers no
 * option, so the default level of calls that name none is set here; a call that names a level keeps it.
 */
export const PDF_STREAM_LEVEL = 1;

const deflateSync = zlib.deflateSync;
let installed = false;

export function useFastStreamCompression(): void {
  if (installed) return;
  installed = true;
  zlib.deflateSync = ((data: zlib.InputType, options?: zlib.ZlibOptions) =>
    deflateSync(data, { level: PDF_STREAM_LEVEL, ...options })) as typeof zlib.deflateSync;
}
