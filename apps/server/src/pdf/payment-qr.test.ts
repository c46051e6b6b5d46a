import { epcCreditTransfer, epcQrPayload, type EpcCreditTransfer } from '@invoicer/domain/epc-qr';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { darkRuns, encodeQr, EPC_QR_MAX_VERSION, paymentQrModules, paymentQrSvg } from './payment-qr';
import { invoice, pageTexts } from './pdf-test-fixtures';
import { renderInvoicePdf } from './render-invoice-pdf';
import { qrCodesOnPdfPage } from '../../test/qr-codes';
import { DOCUMENT_LABELS } from '@invoicer/domain/document-labels';

const PAYMENT_QR_CAPTION = DOCUMENT_LABELS.en.qrCaption;

const TRANSFER: EpcCreditTransfer = epcCreditTransfer({
  payee: {
    name: 'Ada Lovelace Studio',
    accountHolder: 'Ada Lovelace',
    iban: 'DE89370400440532013000',
    bic: 'COBADEFFXXX',
  },
  currency: 'EUR',
  amountDueMinor: 3_241,
  invoiceNumber: '0042',
})!;

describe('the EPC payment QR code', () => {
  it('encodes the payload at level M in byte mode, within version 13, and decodes to it exactly', async () => {
    const modules = paymentQrModules(TRANSFER);
    expect(modules.size).toBeLessThanOrEqual(17 + 4 * EPC_QR_MAX_VERSION);
    const scale = 8;
    const side = (modules.size + 8) * scale;
    const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
    for (const [row, column, length] of darkRuns(modules)) {
      for (let y = (row + 4) * scale; y < (row + 5) * scale; y++) {
        for (let x = (column + 4) * scale; x < (column + 4 + length) * scale; x++)
          pixels.fill(0, (y * side + x) * 4, (y * side + x) * 4 + 3);
      }
    }
    const code = jsQR(pixels, side, side);
    expect(code?.data).toBe(epcQrPayload(TRANSFER));
  });

  it('holds UTF-8 bytes, as character set 1 says', () => {
    const text = 'Müller & Söhne — Zürich';
    const modules = encodeQr(text);
    const scale = 6;
    const side = (modules.size + 8) * scale;
    const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
    modules.dark.forEach((line, row) =>
      line.forEach((dark, column) => {
        if (!dark) return;
        for (let y = (row + 4) * scale; y < (row + 5) * scale; y++) {
          for (let x = (column + 4) * scale; x < (column + 5) * scale; x++)
            pixels.fill(0, (y * side + x) * 4, (y * side + x) * 4 + 3);
        }
      }),
    );
    const code = jsQR(pixels, side, side)!;
    expect(code.binaryData).toEqual([...new TextEncoder().encode(text)]);
    expect(code.data).toBe(text);
  });

  it('gives the public page the same code as an SVG', async () => {
    const svg = paymentQrSvg(TRANSFER);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 (\d+) \1"/);
    const { data, info } = await sharp(Buffer.from(svg), { density: 600 })
      .flatten({ background: '#fff' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const code = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height);
    expect(code?.data).toBe(epcQrPayload(TRANSFER));
  });
});

describe('the PDF of an invoice that asks for a SEPA transfer', () => {
  it('draws the EPC QR code beside the payment details; scanned, it gives exactly the EPC069-12 fields', async () => {
    const pdf = await renderInvoicePdf(invoice(), { transfer: TRANSFER });
    const text = (await pageTexts(pdf)).join('\n');
    expect(text).toContain('Payment Details\nIBAN DE89 3704 0044 0532 0130 00');
    expect(text).toContain(PAYMENT_QR_CAPTION);
    expect(text).toContain('IBAN: DE89 3704 0044 0532 0130 00');
    expect(text).toContain('BIC: COBADEFFXXX');
    expect(text).toContain('Account holder: Ada Lovelace');
    expect(text).toContain('Amount: €32.41');
    expect(text).toContain('Reference: 0042');

    const codes = await qrCodesOnPdfPage(pdf);
    expect(codes).toHaveLength(1);
    expect(codes[0]!.data.split('\n')).toEqual([
      'BCD',
      '002',
      '1',
      'SCT',
      'COBADEFFXXX',
      'Ada Lovelace',
      'DE89370400440532013000',
      'EUR32.41',
      '',
      '',
      '0042',
    ]);
    expect(codes[0]!.version).toBeLessThanOrEqual(EPC_QR_MAX_VERSION);
  });

  it('draws the code at least 2 × 2 cm', async () => {
    const dpi = 150;
    const [code] = await qrCodesOnPdfPage(await renderInvoicePdf(invoice(), { transfer: TRANSFER }), { dpi });
    const { topLeft, topRight, bottomLeft } = code!.location;
    const cm = (a: { x: number; y: number }, b: { x: number; y: number }) =>
      (Math.hypot(b.x - a.x, b.y - a.y) / dpi) * 2.54;
    expect(cm(topLeft, topRight)).toBeGreaterThanOrEqual(2);
    expect(cm(topLeft, bottomLeft)).toBeGreaterThanOrEqual(2);
  });

  it('draws no code and no caption without a transfer', async () => {
    const pdf = await renderInvoicePdf(invoice());
    expect((await pageTexts(pdf)).join('\n')).not.toContain(PAYMENT_QR_CAPTION);
    expect(await qrCodesOnPdfPage(pdf)).toEqual([]);
  });

  it('draws the code even without payment details text, under the heading', async () => {
    const pdf = await renderInvoicePdf(invoice({ paymentDetails: '', terms: '' }), { transfer: TRANSFER });
    const text = (await pageTexts(pdf)).join('\n');
    expect(text).toContain(`Payment Details\n${PAYMENT_QR_CAPTION}`);
    const codes = await qrCodesOnPdfPage(pdf);
    expect(codes.map((code) => code.data)).toEqual([epcQrPayload(TRANSFER)]);
  });
});
