import { epcQrPayload, type EpcCreditTransfer } from '@invoicer/domain/epc-qr';
import qrcode from 'qrcode-generator';

/**
 * The EPC payment QR code as modules (docs/decisions/0047-sepa-payment-qr.md): the PDF draws them as
 * rectangles, and `paymentQrSvg` gives the same code as an SVG for a web page. Encoded here, on our
 * side, from the payload alone: nothing is fetched.
 */

/** EPC069-12 caps the code at version 13 (69 × 69 modules), which 331 bytes fill at level M. */
export const EPC_QR_MAX_VERSION = 13;

/** The light margin a reader needs around the code, in modules (ISO/IEC 18004). */
export const QR_QUIET_ZONE = 4;

/** A QR code: `dark[row][column]`, square. */
export interface QrModules {
  size: number;
  dark: boolean[][];
}

/**
 * The QR code of a text in byte mode, its bytes UTF-8 (the EPC payload's character set 1), at error
 * correction level M as EPC069-12 requires, in the smallest version that holds it.
 */
export function encodeQr(text: string): QrModules {
  const code = qrcode(0, 'M');
  // The library writes each character's low byte in byte mode: a string of the UTF-8 bytes, one
  // character each, so the code holds exactly those bytes.
  code.addData(String.fromCharCode(...new TextEncoder().encode(text)), 'Byte');
  code.make();
  const size = code.getModuleCount();
  const dark = Array.from({ length: size }, (_, row) =>
    Array.from({ length: size }, (_, column) => code.isDark(row, column)),
  );
  return { size, dark };
}

/** The EPC QR code of a transfer. Throws if it would pass version 13, which epcCreditTransfer's limits rule out. */
export function paymentQrModules(transfer: EpcCreditTransfer): QrModules {
  const modules = encodeQr(epcQrPayload(transfer));
  if (modules.size > 17 + 4 * EPC_QR_MAX_VERSION) throw new RangeError('The EPC QR code would pass version 13.');
  return modules;
}

/**
 * Runs of dark modules, row by row, as [row, first column, length]: what is drawn, one rectangle a
 * run, so neighbouring modules leave no seam between them.
 */
export function darkRuns(modules: QrModules): Array<[row: number, column: number, length: number]> {
  const runs: Array<[number, number, number]> = [];
  modules.dark.forEach((line, row) => {
    let start = -1;
    for (let column = 0; column <= modules.size; column++) {
      const isDark = column < modules.size && line[column] === true;
      if (isDark && start < 0) start = column;
      if (!isDark && start >= 0) {
        runs.push([row, start, column - start]);
        start = -1;
      }
    }
  });
  return runs;
}

/**
 * The EPC QR code of a transfer as a standalone SVG (quiet zone included, one unit a module), for the
 * public invoice page: the same payload and modules as the PDF.
 */
export function paymentQrSvg(transfer: EpcCreditTransfer): string {
  const modules = paymentQrModules(transfer);
  const side = modules.size + 2 * QR_QUIET_ZONE;
  const path = darkRuns(modules)
    .map(([row, column, length]) => `M${column + QR_QUIET_ZONE} ${row + QR_QUIET_ZONE}h${length}v1h-${length}z`)
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" shape-rendering="crispEdges">` +
    `<rect width="${side}" height="${side}" fill="#fff"/><path fill="#000" d="${path}"/></svg>`
  );
}
