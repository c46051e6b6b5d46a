import jsQR from 'jsqr';
import sharp from 'sharp';
import { renderPreviewPng } from '../src/pdf/render-preview-png';

/** Reading the QR codes a PDF shows, as a phone would (test support, not used by the server). */

export interface FoundQrCode {
  /** The text, its bytes read as UTF-8. */
  data: string;
  version: number;
  /** Outer corners of the code, in pixels at the page's dpi. */
  location: { topLeft: Point; topRight: Point; bottomLeft: Point };
}

interface Point {
  x: number;
  y: number;
}

/**
 * Every QR code on the PNG: one is decoded with jsQR, painted over white, and the page is read again,
 * until none is left (at most `max`).
 */
export async function qrCodesOnPng(png: Uint8Array, max = 3): Promise<FoundQrCode[]> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const pixels = new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength);
  const found: FoundQrCode[] = [];
  while (found.length < max) {
    const code = jsQR(pixels, info.width, info.height, { inversionAttempts: 'dontInvert' });
    if (!code) break;
    const { topLeftCorner, topRightCorner, bottomLeftCorner, bottomRightCorner } = code.location;
    found.push({
      data: code.data,
      version: code.version,
      location: { topLeft: topLeftCorner, topRight: topRightCorner, bottomLeft: bottomLeftCorner },
    });
    const corners = [topLeftCorner, topRightCorner, bottomLeftCorner, bottomRightCorner];
    const margin = 20;
    const left = Math.max(0, Math.floor(Math.min(...corners.map((c) => c.x))) - margin);
    const right = Math.min(info.width, Math.ceil(Math.max(...corners.map((c) => c.x))) + margin);
    const top = Math.max(0, Math.floor(Math.min(...corners.map((c) => c.y))) - margin);
    const bottom = Math.min(info.height, Math.ceil(Math.max(...corners.map((c) => c.y))) + margin);
    for (let y = top; y < bottom; y++) pixels.fill(255, (y * info.width + left) * 4, (y * info.width + right) * 4);
  }
  return found;
}

/** The QR codes on one page of a PDF, rasterised by the engine's own preview renderer (pdf.js). */
export async function qrCodesOnPdfPage(pdf: Uint8Array, { page = 1, dpi = 200 } = {}): Promise<FoundQrCode[]> {
  return qrCodesOnPng((await renderPreviewPng(pdf, { page, dpi })).png);
}
