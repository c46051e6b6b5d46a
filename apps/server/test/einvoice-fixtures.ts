import { invoiceData } from './invoice-fixtures';

/**
 * A document body that makes a valid e-invoice (EN 16931 and XRechnung): structured parties, VAT per line,
 * a discount and shipping, a bank account. German seller, French business buyer.
 */
export function einvoiceData(overrides: Record<string, unknown> = {}) {
  return invoiceData({
    invoice_number: 'RE-2026-001',
    items: [
      { id: 'a1', name: 'Design work', quantity: 1.5, unit: 'hours', unit_cost: 80, vat_category: 'S', vat_rate: 19 },
      { id: 'a2', name: 'Printed guide', quantity: 3, unit_cost: 12.99, vat_category: 'S', vat_rate: 7 },
    ],
    discount_type: 'percent',
    discount_percent: 5,
    show_discount: true,
    // In VAT mode the tax row shows the sum of the VAT groups (ADR 69).
    show_tax: true,
    seller: {
      name: 'Ada Lovelace Consulting',
      street: 'Analytische Straße 12',
      postcode: '10115',
      city: 'Berlin',
      country: 'DE',
      vat_id: 'DE123456789',
      email: 'ada@example.com',
      endpoint_id: 'ada@example.com',
      endpoint_scheme: 'EM',
      contact_name: 'Ada Lovelace',
      phone: '+49 30 1234567',
    },
    buyer: {
      name: 'Acme SARL',
      street: '1 rue Principale',
      postcode: '75001',
      city: 'Paris',
      country: 'FR',
      vat_id: 'FR12345678901',
      endpoint_id: 'billing@acme.example',
      endpoint_scheme: 'EM',
      buyer_reference: '04011000-12345-67',
    },
    iban: 'DE89 3704 0044 0532 0130 00',
    bic: 'COBADEFFXXX',
    ...overrides,
  });
}
