import { DEFAULT_CURRENCY, isCurrencyCode } from '@invoicer/domain/currencies';
import { amountToMinor, minorToFixed } from '@invoicer/domain/money';
import { parseQuantity } from '@invoicer/domain/quantity';
import { lineAmount } from '@invoicer/domain/totals';
import { z } from 'zod';

/**
 * Invoify's invoice JSON (its "Export > JSON": the editor's form values, `{ sender, receiver, details }`), turned into
 * the body our own save takes (docs/product/importing.md#invoify-invoices). Invoify computes a total as: items, less
 * the discount, plus tax on what is left, plus shipping on what is left then; our totals rule
 * (docs/product/money-and-totals.md#the-totals-rule) takes tax and discount on the subtotal and shipping as an amount.
 * So a percent that Invoify applied after another charge becomes the fixed amount it came to, and the imported total
 * is the one the Invoify invoice showed, to the cent. Quantities with up to 3 decimals (1.5 hours) are kept as they
 * are (docs/decisions/0060-decimal-quantities-and-units.md); one with more becomes one line at its amount, the
 * quantity written into the description.
 */

const text = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((value) => (value == null ? '' : String(value).trim()));
const number = z
  .union([z.number(), z.string()])
  .nullish()
  .transform((value) => {
    if (value == null || value === '') return 0;
    const parsed = typeof value === 'number' ? value : Number(value.replace(/,/g, '').trim());
    return Number.isFinite(parsed) ? parsed : NaN;
  });

const partySchema = z
  .object({
    name: text,
    address: text,
    zipCode: text,
    city: text,
    country: text,
    email: text,
    phone: text,
    customInputs: z
      .array(z.object({ key: text, value: text }).loose())
      .max(100)
      .nullish()
      .transform((value) => value ?? []),
  })
  .loose();
export type InvoifyParty = z.infer<typeof partySchema>;

const itemSchema = z
  .object({ name: text, description: text, quantity: number, unitPrice: number, total: number.optional() })
  .loose();

const chargeSchema = (amountKey: 'amount' | 'cost', typeKey: 'amountType' | 'costType') =>
  z
    .object({ [amountKey]: number, [typeKey]: text })
    .loose()
    .nullish()
    .transform((value) => ({
      amount: (value?.[amountKey] as number | undefined) ?? 0,
      percent: String(value?.[typeKey] ?? 'amount').toLowerCase() === 'percentage',
    }));

/** An Invoify invoice as its export writes it; other keys (signature, template, language...) are ignored. */
export const invoifyInvoiceSchema = z
  .object({
    sender: partySchema,
    receiver: partySchema,
    details: z
      .object({
        invoiceNumber: text,
        invoiceDate: z.unknown(),
        dueDate: z.unknown(),
        purchaseOrderNumber: text,
        currency: text,
        items: z.array(itemSchema).max(10_000),
        taxDetails: chargeSchema('amount', 'amountType'),
        discountDetails: chargeSchema('amount', 'amountType'),
        shippingDetails: chargeSchema('cost', 'costType'),
        paymentInformation: z.object({ bankName: text, accountName: text, accountNumber: text }).loose().nullish(),
        additionalNotes: text,
        paymentTerms: text,
        totalAmount: number.optional(),
      })
      .loose(),
  })
  .loose();
export type InvoifyInvoice = z.infer<typeof invoifyInvoiceSchema>;

/** True when the value has Invoify's three top-level blocks (what tells its export from any other JSON). */
export function looksLikeInvoify(value: unknown): boolean {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const record = value as Record<string, unknown>;
  return ['sender', 'receiver', 'details'].every(
    (key) => record[key] !== null && typeof record[key] === 'object' && !Array.isArray(record[key]),
  );
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * Invoify's dates: a timestamp (the date picker's local midnight, serialised in UTC, so 23:00 the day before in
 * Europe: rounded to the nearest UTC day), YYYY-MM-DD, or its printed form "January 15, 2024". Anything else: null.
 */
export function invoifyDate(value: unknown): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const textValue = String(value).trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(textValue)) return textValue;
  const spelled = /^([A-Za-z]{3,9})\.? (\d{1,2}), (\d{4})$/.exec(textValue);
  if (spelled) {
    const month = MONTHS.indexOf(spelled[1]!.slice(0, 3).toLowerCase());
    if (month < 0) return null;
    return `${spelled[3]}-${String(month + 1).padStart(2, '0')}-${spelled[2]!.padStart(2, '0')}`;
  }
  if (!/^\d{4}-\d{2}-\d{2}T/.test(textValue) && typeof value !== 'number') return null;
  const time = new Date(value).getTime();
  if (!Number.isFinite(time)) return null;
  const day = 24 * 60 * 60 * 1000;
  return new Date(Math.round(time / day) * day).toISOString().slice(0, 10);
}

/** A party block as the invoice's From or To text: name, address lines, e-mail, phone, the custom lines. */
export function invoifyPartyText(party: InvoifyParty): string {
  const place = [party.zipCode, party.city].filter(Boolean).join(' ');
  return [
    party.name,
    party.address,
    place,
    party.country,
    party.email,
    party.phone,
    ...party.customInputs.filter((input) => input.key || input.value).map((input) => `${input.key}: ${input.value}`),
  ]
    .filter((line) => line !== '')
    .join('\n');
}

/** The party's address for a client or business record: street, postcode and city, country. */
export function invoifyPartyAddress(party: InvoifyParty): string {
  return [party.address, [party.zipCode, party.city].filter(Boolean).join(' '), party.country]
    .filter((line) => line !== '')
    .join('\n');
}

/**
 * The body of POST /api/invoices for one Invoify invoice (checked afterwards by the same schema the save uses), or a
 * reason it cannot be one. Status: draft (Invoify keeps none; nothing is sent or reminded for an import).
 */
export function invoifyToSaveBody(invoice: InvoifyInvoice): { body: Record<string, unknown> } | { reason: string } {
  const { details } = invoice;
  // Minor units of the invoice's currency (whole yen for JPY); an unlisted code is refused by the save's schema.
  const currency = isCurrencyCode(details.currency) ? details.currency : DEFAULT_CURRENCY;
  const cents = (amount: number) => amountToMinor(Math.max(0, amount), currency);
  const fixed = (minor: number) => minorToFixed(minor, currency);
  const items: Array<{ name: string; description: string; quantity: number; unit_cost: string }> = [];
  let subtotal = 0;
  for (const item of details.items) {
    if (item.name === '' && item.description === '') continue;
    if (
      !Number.isFinite(item.quantity) ||
      !Number.isFinite(item.unitPrice) ||
      item.quantity < 0 ||
      item.unitPrice < 0
    ) {
      return { reason: `Item "${item.name.slice(0, 80)}" has a quantity or price that is not a number of 0 or more.` };
    }
    if (parseQuantity(item.quantity).ok) {
      const unit = cents(item.unitPrice);
      items.push({
        name: item.name || item.description,
        description: item.description,
        quantity: item.quantity,
        unit_cost: fixed(unit),
      });
      subtotal += lineAmount(item.quantity, unit);
    } else {
      const line = cents(item.quantity * item.unitPrice);
      const note = `${item.quantity} × ${fixed(cents(item.unitPrice))}`;
      items.push({
        name: item.name || item.description,
        description: item.description ? `${item.description}\n${note}` : note,
        quantity: 1,
        unit_cost: fixed(line),
      });
      subtotal += line;
    }
  }

  // Invoify's order: discount, then tax on what is left, then shipping on what is left then.
  const discount = details.discountDetails;
  const tax = details.taxDetails;
  const shipping = details.shippingDetails;
  for (const [label, charge] of [
    ['Discount', discount],
    ['Tax', tax],
    ['Shipping', shipping],
  ] as const) {
    if (!Number.isFinite(charge.amount) || charge.amount < 0)
      return { reason: `${label} is not a number of 0 or more.` };
  }
  const discountMinor = discount.percent ? Math.round((subtotal * discount.amount) / 100) : cents(discount.amount);
  const afterDiscount = subtotal - discountMinor;
  const taxMinor = tax.percent ? Math.round((afterDiscount * tax.amount) / 100) : cents(tax.amount);
  const shippingMinor = shipping.percent
    ? Math.round(((afterDiscount + taxMinor) * shipping.amount) / 100)
    : cents(shipping.amount);
  // A percent tax stays a percent when no discount came before it (the same base as ours); else its amount.
  const taxAsPercent = tax.percent && discountMinor === 0;

  const payment = details.paymentInformation;
  const paymentDetails = payment
    ? [
        payment.bankName && `Bank: ${payment.bankName}`,
        payment.accountName && `Account name: ${payment.accountName}`,
        payment.accountNumber && `Account number: ${payment.accountNumber}`,
      ]
        .filter(Boolean)
        .join('\n')
    : '';
  const terms = [details.paymentTerms, details.additionalNotes].filter(Boolean).join('\n\n');
  const instructions = details.purchaseOrderNumber ? `Purchase order: ${details.purchaseOrderNumber}` : '';

  return {
    body: {
      status: 'draft',
      data: {
        from: invoifyPartyText(invoice.sender),
        to: invoifyPartyText(invoice.receiver),
        invoice_number: details.invoiceNumber,
        issued_date: invoifyDate(details.invoiceDate),
        due_date: invoifyDate(details.dueDate),
        currency: details.currency,
        items,
        show_discount: discountMinor > 0,
        discount_type: discount.percent ? 'percent' : 'fixed',
        discount_percent: discount.percent ? discount.amount : fixed(discountMinor),
        show_tax: taxMinor > 0,
        tax_type: taxAsPercent ? 'percent' : 'fixed',
        tax_percent: taxAsPercent ? tax.amount : fixed(taxMinor),
        show_shipping: shippingMinor > 0,
        shipping_amount: fixed(shippingMinor),
        payment_details: paymentDetails,
        payment_instructions: instructions,
        terms,
      },
    },
  };
}
