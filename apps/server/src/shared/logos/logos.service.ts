import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { LOGO_MAX_BYTES, LOGO_MESSAGES } from '@invoicer/domain/api/logos';
import { badRequest } from '../../plugins/errors';
/** Larger logos are scaled down; a PDF logo box is a few centimetres wide. */
const MAX_LOGO_SIDE = 1200;
/** Refuses decompression bombs before decoding: a 2 MB file may declare a 50000×50000 image. */
const MAX_INPUT_PIXELS = 40_000_000;

export interface NormalizedLogo {
  bytes: Buffer;
  mimeType: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
  sha256: string;
}

type ImageKind = 'png' | 'jpeg' | 'gif' | 'webp';

/** The image type from its first bytes; the file name and the declared type are not trusted. */
export function sniffImage(bytes: Uint8Array): ImageKind | null {
  const starts = (...signature: number[]) => signature.every((byte, i) => bytes[i] === byte);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (starts(0xff, 0xd8, 0xff)) return 'jpeg';
  if (starts(0x47, 0x49, 0x46, 0x38) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return 'gif';
  if (
    starts(0x52, 0x49, 0x46, 0x46) &&
    bytes[8] === 0x57 &&
    bytes[9] === 0x45 &&
    bytes[10] === 0x42 &&
    bytes[11] === 0x50
  ) {
    return 'webp';
  }
  return null;
}

/**
 * Checks and re-encodes an uploaded logo: only PNG, JPEG, WebP or GIF (by content), at most
 * 2 MB, decoded with a pixel limit, metadata stripped, scaled down, written back as PNG (when
 * it has transparency) or JPEG — the two formats the PDF engine embeds.
 */
export async function normalizeLogo(input: Uint8Array): Promise<NormalizedLogo> {
  if (input.byteLength > LOGO_MAX_BYTES) throw badRequest(LOGO_MESSAGES.tooLarge);
  if (!sniffImage(input)) throw badRequest(LOGO_MESSAGES.type);
  try {
    const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false }).rotate();
    const metadata = await image.metadata();
    const resized = image.resize(MAX_LOGO_SIDE, MAX_LOGO_SIDE, { fit: 'inside', withoutEnlargement: true });
    const encoded = metadata.hasAlpha
      ? await resized.png({ compressionLevel: 9 }).toBuffer({ resolveWithObject: true })
      : await resized
          .flatten({ background: '#ffffff' })
          .jpeg({ quality: 90, mozjpeg: true })
          .toBuffer({ resolveWithObject: true });
    return {
      bytes: encoded.data,
      mimeType: metadata.hasAlpha ? 'image/png' : 'image/jpeg',
      width: encoded.info.width,
      height: encoded.info.height,
      sha256: createHash('sha256').update(encoded.data).digest('hex'),
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    if (/pixel limit/i.test(message)) throw badRequest('Logo dimensions are too large.');
    throw badRequest('The logo image could not be read. Upload a valid PNG, JPEG, WebP or GIF file.');
  }
}
