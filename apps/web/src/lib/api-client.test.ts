import { describe, expect, it, vi } from 'vitest';
import { ApiError, apiBlob, failureMessage, isNetworkError, UnexpectedAnswerError } from './api-client';
import { invoiceCountText } from './invoice-count';
import { PARTY_SAVE_MESSAGES, partySaveFailure } from './party-save-errors';

describe('ApiError', () => {
  it("carries the server's sentence in its own field, or null when there was none", () => {
    const refused = new ApiError(409, 'Invoice number 0005 already exists.');
    expect(refused.serverMessage).toBe('Invoice number 0005 already exists.');
    expect(refused.message).toBe('Invoice number 0005 already exists.');
    const bare = new ApiError(502, null);
    expect(bare.serverMessage).toBeNull();
    expect(bare.status).toBe(502);
    expect(new UnexpectedAnswerError(201, null)).toBeInstanceOf(ApiError);
  });

  it("failureMessage prefers the server's sentence, else the page's own", () => {
    expect(failureMessage(new ApiError(400, 'Name is required'), 'Failed')).toBe('Name is required');
    expect(failureMessage(new ApiError(500, null), 'Failed')).toBe('Failed');
    expect(failureMessage(new TypeError('Failed to fetch'), 'Failed')).toBe('Failed');
    expect(isNetworkError(new TypeError('Failed to fetch'))).toBe(true);
    expect(isNetworkError(new ApiError(500, null))).toBe(false);
  });
});

describe('partySaveFailure (the client and business modals)', () => {
  it('puts each message on the field it names, among the fields the form has', () => {
    const failure = new ApiError(400, 'Invalid input', [
      'Email must be a valid e-mail address.',
      'Name is required',
      'Tax ID is too long (at most 64 characters).',
      'Phone is too long',
    ]);
    expect(partySaveFailure(failure, ['name', 'email'])).toEqual({
      fields: { email: 'Email must be a valid e-mail address.', name: 'Name is required' },
      general: 'Tax ID is too long (at most 64 characters)., Phone is too long',
    });
    expect(partySaveFailure(failure, ['name', 'email', 'tax_id']).fields.tax_id).toBe(
      'Tax ID is too long (at most 64 characters).',
    );
  });

  it("says what went wrong otherwise: the server's sentence, a lost session, no answer", () => {
    expect(partySaveFailure(new ApiError(409, 'A client with this e-mail exists'), ['name'])).toEqual({
      fields: {},
      general: 'A client with this e-mail exists',
    });
    expect(partySaveFailure(new ApiError(500, null), ['name']).general).toBe(PARTY_SAVE_MESSAGES.fallback);
    expect(partySaveFailure(new ApiError(401, 'Authentication required'), ['name']).general).toBe(
      PARTY_SAVE_MESSAGES.unauthenticated,
    );
    expect(partySaveFailure(new TypeError('Failed to fetch'), ['name']).general).toBe(PARTY_SAVE_MESSAGES.network);
  });
});

describe('invoiceCountText', () => {
  it('says invoice once and invoices otherwise', () => {
    expect(invoiceCountText(1)).toBe('1 invoice');
    expect(invoiceCountText(0)).toBe('0 invoices');
    expect(invoiceCountText(12)).toBe('12 invoices');
  });
});

describe('an e-invoice check refused (422)', () => {
  it("keeps the envelope's problems with their fields, beside its sentence", async () => {
    const envelope = {
      success: false,
      error: 'This invoice cannot be made into a valid e-invoice yet: fill in what is missing.',
      errors: [
        { field: 'buyer.country', message: "Add the client's country", rule: 'BR-11' },
        { field: null, message: 'Something about the whole invoice', rule: 'BR-X' },
        { field: 'seller.vat_id', message: '   ' },
        'A plain message',
      ],
    };
    const fetchStub = vi.fn(async () => new Response(JSON.stringify(envelope), { status: 422 }));
    vi.stubGlobal('fetch', fetchStub);
    try {
      const failure = await apiBlob('/generate-invoice?format=ubl', { method: 'POST', body: {} }).catch(
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(ApiError);
      const refused = failure as ApiError;
      expect(refused.status).toBe(422);
      expect(refused.serverMessage).toBe(envelope.error);
      expect(refused.problems).toEqual([
        { field: 'buyer.country', message: "Add the client's country" },
        { field: null, message: 'Something about the whole invoice' },
      ]);
      expect(refused.errors).toEqual(['A plain message']);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
