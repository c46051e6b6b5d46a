import { parseScaledDecimal } from './money';

/**
 * Item quantities (docs/decisions/0060-decimal-quantities-and-units.md): a non-negative decimal with at most
 * 3 decimals (1.5 hours, 2.125 kg) up to 1,000,000,000, and an optional free-text unit. The contract and the
 * document carry the quantity as a JSON number; code that computes with it reads it exactly as an integer
 * count of thousandths (parseScaledDecimal works on its shortest decimal text, never on float arithmetic).
 */

export const QUANTITY_DECIMALS = 3;
export const MAX_QUANTITY = 1_000_000_000;
/** Thousandths in one: the quantity's scale. */
export const QUANTITY_SCALE = 1000n;
export const MAX_UNIT_LENGTH = 20;
/** What the editor suggests for the unit; any other text is accepted. */
export const UNIT_SUGGESTIONS = ['hours', 'days', 'pieces', 'kg', 'm', 'km', 'months', 'words', 'pages'] as const;

export const QUANTITY_MESSAGES = {
  type: 'Quantity must be a number.',
  decimals: `Quantity must be a number, 0 or more, with at most ${QUANTITY_DECIMALS} decimals.`,
  tooLarge: `Quantity must be at most ${MAX_QUANTITY.toLocaleString('en-US')}.`,
  unitLength: `Unit is too long (at most ${MAX_UNIT_LENGTH} characters).`,
} as const;

export type ParsedQuantity = { ok: true; value: number } | { ok: false; message: string };

/**
 * A quantity as sent or typed (a number or decimal text, '' is 0) as the number the document keeps:
 * 0 or more, at most 3 decimals, at most MAX_QUANTITY. The one reading of a quantity: the schema and the
 * editor's inline message use it.
 */
export function parseQuantity(value: number | string): ParsedQuantity {
  if (value === '') return { ok: true, value: 0 };
  const thousandths = parseScaledDecimal(value, QUANTITY_DECIMALS);
  if (thousandths === null) {
    // Digits too long for a safe integer are a quantity too large, not a malformed one.
    const text = typeof value === 'number' ? String(value) : value.trim();
    if (/^\d+(?:\.\d{1,3})?$/.test(text)) return { ok: false, message: QUANTITY_MESSAGES.tooLarge };
    return { ok: false, message: QUANTITY_MESSAGES.decimals };
  }
  if (thousandths > MAX_QUANTITY * 1000) return { ok: false, message: QUANTITY_MESSAGES.tooLarge };
  // thousandths / 1000 is the nearest double to the decimal, the same number JSON.parse gives for its text.
  return { ok: true, value: thousandths / 1000 };
}

/**
 * The quantity as an exact integer count of thousandths (1.5 → 1500n). Throws a RangeError for a number
 * that is not a quantity (more than 3 decimals, negative, not finite): the schemas never let one through.
 */
export function quantityThousandths(quantity: number): bigint {
  const thousandths = parseScaledDecimal(quantity, QUANTITY_DECIMALS);
  if (thousandths === null) throw new RangeError(`Not a quantity: ${quantity}`);
  return BigInt(thousandths);
}

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * A quantity as documents print it: '1,000', '1.5', '2.125' in English; the locale decides the separators
 * ('1,5' in German), so the document's language passes its own. Trailing zeros are never shown.
 */
export function formatQuantity(quantity: number, locale = 'en'): string {
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { maximumFractionDigits: QUANTITY_DECIMALS, useGrouping: true });
    formatters.set(locale, formatter);
  }
  return formatter.format(quantity);
}

/** The quantity with its unit, as the Qty column prints it: '1.5 hours', '2.125 kg', '3' without a unit. */
export function formatQuantityWithUnit(quantity: number, unit: string | undefined, locale = 'en'): string {
  const number = formatQuantity(quantity, locale);
  return unit ? `${number} ${unit}` : number;
}
