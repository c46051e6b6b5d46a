import { getCurrency } from '@invoicer/domain/currencies';
import type { InvoiceDocumentInput } from '@invoicer/domain/invoice-document';
import { MESSAGES } from '@invoicer/domain/invoice-messages';
import { toDecimal } from '@invoicer/domain/money';
import { percentRateToDecimal } from '@invoicer/domain/percent';
import type { AdjustmentType } from '@invoicer/domain/totals';
import { lineVatInput, partyToInput } from './einvoice-fields';
import type { InvoiceFormValues } from './invoice-form';
import {
  adjustmentTextToValue,
  decimalTextToMinor,
  moneyTextError,
  normalizeDecimalText,
  quantityTextError,
  quantityTextToNumber,
} from './numeric-text';

/**
 * The checks' messages (docs/product/messages-and-limits.md#invoice-editor-messages); the download pair is what the
 * server answers with too.
 */
export const SEND_MESSAGES = {
  download: { fromTo: MESSAGES.fromTo, items: MESSAGES.items },
  preview: { fromTo: 'Please fill in both "From" and "To" fields.', items: 'Please add at least one valid item.' },
} as const;

export type SendKind = keyof typeof SEND_MESSAGES;

/** A key with its value, or nothing: blank e-invoice details are absent from the body, as before they existed. */
const optional = <K extends string, V>(key: K, value: V | undefined) =>
  (value === undefined ? {} : { [key]: value }) as Partial<Record<K, V>>;

const isNamed = (item: { name: string }) => item.name.trim() !== '';

/**
 * The check before a download or a preview (docs/product/editor.md#downloading): the message to show, or null when the
 * invoice may go.
 */
export function validateForSend(values: InvoiceFormValues, kind: SendKind): string | null {
  if (values.from.trim() === '' || values.to.trim() === '') return SEND_MESSAGES[kind].fromTo;
  if (!values.items.some(isNamed)) return SEND_MESSAGES[kind].items;
  return null;
}

/**
 * The body of POST /generate-invoice and /preview-invoice (docs/product/entities.md#invoice-document): only named
 * items, money and percents as decimals made from the same minor units and rates the totals use, a hidden
 * description left out.
 */
export function toDocumentInput(values: InvoiceFormValues): InvoiceDocumentInput {
  const currency = getCurrency(values.currency);
  // An amount the currency cannot hold (a fraction in JPY) goes as typed, so the schema refuses it with its
  // message instead of the editor sending a rounded or zeroed figure.
  const money = (text: string) =>
    moneyTextError(text, '', currency.code) === null
      ? toDecimal(decimalTextToMinor(text, currency.code), currency.code)
      : normalizeDecimalText(text);
  // A percent goes as its decimal percent (8.875), an amount as its decimal amount.
  const adjustment = (text: string, kind: AdjustmentType) =>
    kind === 'percent' ? percentRateToDecimal(adjustmentTextToValue(text, kind, currency.code)) : money(text);
  return {
    from: values.from,
    to: values.to,
    items: values.items.filter(isNamed).map((item) => ({
      id: item.id,
      name: item.name.trim(),
      description: item.showDesc ? item.description : '',
      // A quantity over the cap goes as typed, so the server names it rather than a zeroed line going out.
      quantity:
        quantityTextError(item.quantity) === null
          ? quantityTextToNumber(item.quantity)
          : normalizeDecimalText(item.quantity),
      unit: item.unit.trim(),
      unit_cost: money(item.unitCost),
      ...(values.vatPerLine ? lineVatInput(item) : {}),
    })),
    invoice_number: values.invoiceNumber,
    issued_date: values.issuedDate || null,
    due_date: values.dueDate || null,
    currency: currency.code,
    currency_symbol: currency.symbol,
    currency_label: currency.label,
    tax_percent: adjustment(values.taxPercent, values.taxType),
    tax_type: values.taxType,
    show_tax: values.showTax,
    discount_percent: adjustment(values.discountPercent, values.discountType),
    discount_type: values.discountType,
    show_discount: values.showDiscount,
    ...(values.discountBeforeTax ? { discount_before_tax: true } : {}),
    shipping_amount: money(values.shippingAmount),
    show_shipping: values.showShipping,
    payment_details: values.paymentDetails,
    payment_instructions: values.paymentInstructions,
    terms: values.terms,
    logo_url: values.logoUrl || null,
    template: values.template,
    accent_color: values.accentColor,
    paper: values.paper,
    language: values.language,
    ...optional('seller', partyToInput(values.seller)),
    ...optional('buyer', partyToInput(values.buyer)),
    ...optional('iban', values.iban.trim() || undefined),
    ...optional('bic', values.bic.trim() || undefined),
  };
}
