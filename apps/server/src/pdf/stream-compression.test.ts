import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PDF_STREAM_LEVEL, useFastStreamCompression } from './stream-compression';

describe('the level PDF streams are compressed at (stream-compression.ts)', () => {
  const data = Buffer.from('BT /F1 9.5 Tf 1 0 0 -1 48 700 Tm <0045004c> Tj ET\n'.repeat(200));

  it('makes level 1 the default of calls that name no level, and keeps a level that is named', () => {
    const levelSix = zlib.deflateSync(data, { level: 6 });
    const levelOne = zlib.deflateSync(data, { level: PDF_STREAM_LEVEL });
    expect(levelOne.equals(levelSix)).toBe(false);
    useFastStreamCompression();
    useFastStreamCompression();
    expect(zlib.deflateSync(data).equals(levelOne)).toBe(true);
    expect(zlib.deflateSync(data, { level: 6 }).equals(levelSix)).toBe(true);
    expect(zlib.inflateSync(zlib.deflateSync(data)).equals(data)).toBe(true);
  });
});
