import { describe, expect, it } from 'vitest';
import { decodeText } from './text-decoding';

const utf16 = (text: string, endian: 'le' | 'be', mark: boolean) => {
  const le = Buffer.from(`${mark ? '\ufeff' : ''}${text}`, 'utf16le');
  if (endian === 'le') return le;
  return Buffer.from(le.map((_, index) => le[index ^ 1]!));
};

describe('decodeText', () => {
  const text = 'Name;Email\nMüller – Köln;m@example.com\n';

  it('reads UTF-8 with and without its mark, UTF-16 with and without one', () => {
    expect(decodeText(Buffer.from(text))).toEqual({ text, encoding: 'UTF-8' });
    expect(decodeText(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]))).toEqual({
      text,
      encoding: 'UTF-8',
    });
    for (const endian of ['le', 'be'] as const) {
      for (const mark of [true, false]) {
        expect(decodeText(utf16(text, endian, mark)), `${endian} ${mark}`).toEqual({
          text,
          encoding: endian === 'le' ? 'UTF-16LE' : 'UTF-16BE',
        });
      }
    }
  });

  it('falls back to Windows-1252 when the bytes are not UTF-8', () => {
    const bytes = Buffer.from([0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72, 0x20, 0x96, 0x20, 0x80, 0x35]);
    expect(decodeText(bytes)).toEqual({ text: 'Müller – €5', encoding: 'Windows-1252' });
  });

  it('answers null for binary data', () => {
    expect(decodeText(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]))).toBeNull();
    expect(decodeText(Buffer.from('PK\u0003\u0004\u0014\u0000\u0000\u0000\u0008\u0000'))).toBeNull();
  });
});
