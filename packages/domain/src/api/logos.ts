import { z } from 'zod';
import { parseLogoUrl } from '../invoice-document';

/** POST /upload-logo: multipart form data with the file in the field `logo` (docs/product/api.md#post-upload-logo). */
export const LOGO_UPLOAD_FIELD = 'logo';
/** Upload limit (foundation issue: at most 2 MB); the server re-encodes and shrinks what it keeps. */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
/** Raster formats only: SVG can carry script and external references. */
export const LOGO_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

export const LOGO_MESSAGES = {
  missing: 'Please choose an image file to upload.',
  type: 'Logo must be a PNG, JPEG, WebP or GIF image.',
  tooLarge: `Logo is too large (at most ${LOGO_MAX_BYTES / 1024 / 1024} MB).`,
  notFound: 'Logo not found.',
  /** 429 when a guest address has stored its day's worth of new logos. */
  guestQuota: (bytesPerDay: number) =>
    `Guests can upload ${Math.round(bytesPerDay / 1024 / 1024)} MB of new logos a day. Sign in to upload more, or try again tomorrow.`,
} as const;

/** Where an uploaded logo is served: GET /api/logos/{id}. */
export function logoPath(id: string): string {
  return `/api/logos/${id.toLowerCase()}`;
}

/** The id of one of our logo URLs (relative or absolute), or null for anything else. */
export function logoIdFromUrl(url: string): string | null {
  const logo = parseLogoUrl(url);
  return logo?.kind === 'upload' ? logo.id : null;
}

export const uploadLogoResponseSchema = z.object({ success: z.literal(true), logo_url: z.string() });
export type UploadLogoResponse = z.infer<typeof uploadLogoResponseSchema>;
