import { describe, expect, it } from 'vitest';
import { invoiceCountText, keptCopiesText } from './invoice-count';

describe('invoice counts in words', () => {
  it('counts invoices', () => {
    expect(invoiceCountText(1)).toBe('1 invoice');
    expect(invoiceCountText(3)).toBe('3 invoices');
  });

  it('says what a delete leaves on the invoices that use a client or business', () => {
    expect(keptCopiesText(0, "this client's")).toBe('');
    expect(keptCopiesText(1, "this client's")).toBe(
      "1 invoice keeps a copy of this client's details; it is not changed.",
    );
    expect(keptCopiesText(3, "this client's")).toBe(
      "3 invoices keep a copy of this client's details; they are not changed.",
    );
    expect(keptCopiesText(1200, "these clients'")).toBe(
      "1,200 invoices keep a copy of these clients' details; they are not changed.",
    );
    expect(keptCopiesText(2, "this business's")).toBe(
      "2 invoices keep a copy of this business's details; they are not changed.",
    );
  });
});
