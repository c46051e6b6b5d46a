import { describe, expect, it } from 'vitest';
import { attachmentName } from './invoices-api';

describe("a download's file name", () => {
  it('comes from Content-Disposition, filename* (UTF-8) first', () => {
    const headers = (value: string) => new Headers({ 'Content-Disposition': value });
    expect(attachmentName(headers(`attachment; filename="inv_0042.pdf"; filename*=UTF-8''inv_%C3%A9_0042.pdf`))).toBe(
      'inv_é_0042.pdf',
    );
    expect(attachmentName(headers('attachment; filename="inv_0042.pdf"'))).toBe('inv_0042.pdf');
    expect(attachmentName(headers(`attachment; filename="plain.pdf"; filename*=UTF-8''%E0%A4%A`))).toBe('plain.pdf');
    expect(attachmentName(new Headers())).toBeNull();
  });
});
