/**
 * The answer of GET /api/invoices/{id}/edit (read with the domain's schema) as the form's values.
 * Loaded only in edit mode. The values go through the draft reader's rules, so what the inputs
 * would refuse (a foreign logo, a negative amount, more decimals than money has) never reaches the
 * form.
 */
import type { EditData } from '@invoicer/domain/api/invoices';
import { draftToForm } from './draft-restore';
import type { InvoiceFormValues } from './invoice-form';

export interface EditInvoice {
  values: InvoiceFormValues;
  /** The number as loaded: the edit banner's 'Editing Invoice: {number}'. */
  invoiceNumber: string;
}

export function toEditInvoice(edit: EditData, today: string): EditInvoice {
  const values = draftToForm(
    {
      invoiceNumber: edit.invoiceNumber,
      from: edit.from,
      to: edit.to,
      items: edit.items.map((item) => ({
        id: item.id,
        name: item.name,
        description: item.description,
        showDesc: item.showDesc,
        quantity: item.quantity,
        unit: item.unit,
        unit_cost: item.unit_cost,
        vat_category: item.vat_category ?? null,
        vat_rate: item.vat_rate ?? null,
        vat_exemption_reason: item.vat_exemption_reason ?? null,
      })),
      issuedDate: edit.issuedDate,
      dueDate: edit.dueDate,
      paymentDetails: edit.paymentDetails,
      terms: edit.terms,
      taxPercent: edit.taxPercent,
      discountPercent: edit.discountPercent,
      shippingAmount: edit.shippingAmount,
      taxType: edit.taxType,
      discountType: edit.discountType,
      showTax: edit.showTax,
      showDiscount: edit.showDiscount,
      showShipping: edit.showShipping,
      logoUrl: edit.logoUrl,
      currency: edit.currency,
      clientId: edit.clientId,
      businessId: edit.businessId,
      template: edit.data.template,
      accentColor: edit.data.accent_color,
      paper: edit.data.paper,
      language: edit.data.language,
      // A saved invoice's own language stays when its client changes.
      languageChosen: edit.data.language !== null,
      // Every contract field comes along, shown or not, so a save from the editor keeps it (issue 17).
      seller: edit.data.seller ?? null,
      buyer: edit.data.buyer ?? null,
      iban: edit.data.iban ?? '',
      bic: edit.data.bic ?? '',
      vatPerLine: edit.items.length > 0 && edit.items.every((item) => item.vat_category !== undefined),
      discountBeforeTax: edit.data.discount_before_tax === true,
      paymentInstructions: edit.data.payment_instructions,
    },
    today,
  );
  return { values, invoiceNumber: edit.invoiceNumber };
}
