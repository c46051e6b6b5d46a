import { describe, expect, it, vi } from 'vitest';
import { ApiError, UnexpectedAnswerError } from '../../../lib/api-client';
import { SAVE_MESSAGES } from '../model/saved-invoice';
import { einvoiceFallbackName } from '../model/einvoice-downloads';
import { dispositionFileName, errorMessage, previewErrorMessage } from './invoice-documents';
import { saveErrorMessage } from './save-invoice';

describe("the editor's banner after a failed call", () => {
  it("a save: the server's sentence, else the documented fallbacks by what happened", () => {
    expect(saveErrorMessage(new ApiError(409, 'Invoice number 0005 already exists.'))).toBe(
      'Invoice number 0005 already exists.',
    );
    expect(saveErrorMessage(new ApiError(500, null))).toBe(SAVE_MESSAGES.failed);
    expect(saveErrorMessage(new UnexpectedAnswerError(201, null))).toBe(SAVE_MESSAGES.noId);
    expect(saveErrorMessage(new UnexpectedAnswerError(200, 'Saving is paused'))).toBe('Saving is paused');
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(saveErrorMessage(new TypeError('Failed to fetch'))).toBe(SAVE_MESSAGES.error);
    expect(log).toHaveBeenCalledOnce();
    log.mockRestore();
  });

  it("a download: the server's sentence, else 'FAIL: {status}'; a preview its own fallback", () => {
    expect(errorMessage(new ApiError(400, 'Please add at least one item.'))).toBe('Please add at least one item.');
    expect(errorMessage(new ApiError(502, null))).toBe('FAIL: 502');
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe('Unexpected error occurred');
    expect(errorMessage('?')).toBe('Unknown error');
    expect(previewErrorMessage(new ApiError(503, null))).toBe('Failed to fetch invoice preview (503)');
    expect(previewErrorMessage(new ApiError(400, 'Too many items'))).toBe('Too many items');
  });
});

describe('the name of a downloaded e-invoice', () => {
  it("is the answer's Content-Disposition name, its UTF-8 form first", () => {
    expect(dispositionFileName(`attachment; filename="RE-7.xml"; filename*=UTF-8''RE-7.xml`)).toBe('RE-7.xml');
    expect(dispositionFileName(`attachment; filename="Rechnung_.xml"; filename*=UTF-8''Rechnung_%C3%BC.xml`)).toBe(
      'Rechnung_ü.xml',
    );
    expect(dispositionFileName('attachment; filename="plain.xml"')).toBe('plain.xml');
    expect(dispositionFileName(`attachment; filename="fallback.xml"; filename*=UTF-8''%E0%A4%A.xml`)).toBe(
      'fallback.xml',
    );
    expect(dispositionFileName(null)).toBeNull();
  });

  it('is the invoice number when the answer names none, with the format’s extension', () => {
    expect(einvoiceFallbackName('RE 2026/7', 'ubl')).toBe('RE_2026_7.xml');
    expect(einvoiceFallbackName('', 'facturx')).toBe('invoice.pdf');
  });
});
