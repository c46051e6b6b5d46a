import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { supportErrorMessage, SUPPORT_TEXT } from './support-form';

describe('the support form', () => {
  it("shows the server's sentence, its own without one, a thrown error's message", () => {
    expect(supportErrorMessage(new ApiError(400, 'Details are too long'))).toBe('Details are too long');
    expect(supportErrorMessage(new ApiError(502, null))).toBe(SUPPORT_TEXT.sendFailed);
    expect(supportErrorMessage(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
    expect(supportErrorMessage(null)).toBe(SUPPORT_TEXT.somethingWrong);
  });
});
