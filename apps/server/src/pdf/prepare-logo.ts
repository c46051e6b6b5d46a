import { createHash } from 'node:crypto';
import sharp from 'sharp';

/**
 * Logos go through sharp before pdfkit sees them, for three reasons:
 * - pdfkit decodes PNGs with transparency in an async zlib callback that *throws* on corrupt data,
 *   which is an uncaught exception (a crashed worker), not a rejected promise. Bytes that sharp
 *   decoded and re-encoded are valid, and anything sharp cannot decode is left out of the invoice.
 * - Flattened on white (the page colour) and saved as an RGB PNG, the image is embedded by copying
 *   its compressed data; pdfkit no longer inflates and splits an alpha channel in every document.
 * - Downscaled to 3x the logo box (about 220 dpi at the printed size), a 4000 px upload does not
 *   make every PDF large and slow.
 * Results are kept per thread by content hash, since the same few logos repeat across invoices.
 */

/** Largest logo in pixels: 3x the template's logo box of 180 x 64 pt. */
export const LOGO_MAX_PIXELS = { width: 540, height: 192 } as const;

/** Refuses decompression bombs before decoding. */
const MAX_INPUT_PIXELS = 40_000_000;
const CACHE_SIZE = 32;

const cache = new Map<string, Promise<Buffer | null>>();

/** PNG bytes ready for pdfkit, or null when the input is not an image sharp can decode. */
export function prepareLogo(bytes: Uint8Array): Promise<Buffer | null> {
  const key = createHash('sha256').update(bytes).digest('base64');
  const hit = cache.get(key);
  if (hit) {
    // Map order is insertion order: re-inserting keeps recently used logos last, so the oldest go first.
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const prepared = normalise(bytes);
  cache.set(key, prepared);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return prepared;
}

async function normalise(bytes: Uint8Array): Promise<Buffer | null> {
  try {
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate() // honour EXIF orientation
      .resize({ ...LOGO_MAX_PIXELS, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .png({ compressionLevel: 6 })
      .toBuffer();
  } catch {
    return null;
  }
}
