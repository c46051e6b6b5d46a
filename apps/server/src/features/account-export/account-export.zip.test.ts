import { randomBytes } from 'node:crypto';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { CHUNK_BYTES, ChunkedZip } from './account-export.zip';

/**
 * The archive gives the memory of what passes through it back as soon as it is copied on (a PDF into a chunk, a
 * chunk into the database), instead of leaving it to the main thread's next collection. What it writes must stay
 * whole: the chunks, put together, are the archive with every file as it was handed in.
 */
describe('ChunkedZip', () => {
  it('writes every file whole, and empties the stored files and the written chunks once they are copied', async () => {
    const written: Buffer[] = [];
    const copies: Buffer[] = [];
    const zip = new ChunkedZip(async (seq, bytes) => {
      expect(seq).toBe(copies.length);
      written.push(bytes);
      copies.push(Buffer.from(bytes)); // as the database does: its own copy
      await new Promise((resolve) => setTimeout(resolve, 1));
    });
    const json = zip.deflated('invoices.json', new Date('2026-11-28T10:00:00Z'));
    await json.text('[{"id":"a"}');
    await json.text(',{"id":"b"}]');
    await json.end();
    const pdfs = Array.from({ length: 12 }, () => new Uint8Array(randomBytes(300 * 1024)));
    const originals = pdfs.map((pdf) => Buffer.from(pdf));
    for (const [index, pdf] of pdfs.entries()) await zip.stored(`pdf/${index}.pdf`, new Date(), pdf);
    const size = await zip.end();

    const archive = Buffer.concat(copies);
    expect(archive.length).toBe(size);
    expect(copies.length).toBeGreaterThan(3);
    expect(copies.slice(0, -1).every((chunk) => chunk.length === CHUNK_BYTES)).toBe(true);
    const files = unzipSync(new Uint8Array(archive));
    expect(strFromU8(files['invoices.json']!)).toBe('[{"id":"a"},{"id":"b"}]');
    for (const [index, original] of originals.entries())
      expect(Buffer.from(files[`pdf/${index}.pdf`]!)).toEqual(original);

    // Given back: every stored file, and the chunks once written (each a view of its own buffer or emptied with it).
    expect(pdfs.map((pdf) => pdf.byteLength)).toEqual(pdfs.map(() => 0));
    expect(written.filter((chunk) => chunk.byteLength > 0)).toHaveLength(0);
  });

  it('leaves a small remainder and the caller-owned views it cannot own alone untouched', async () => {
    const copies: Buffer[] = [];
    const zip = new ChunkedZip(async (_seq, bytes) => void copies.push(Buffer.from(bytes)));
    const shared = new Uint8Array(64 * 1024);
    shared.fill(7);
    const view = shared.subarray(1024, 2048);
    await zip.stored('part.bin', new Date(), view);
    await zip.end();
    expect(shared.byteLength).toBe(64 * 1024);
    expect(view.byteLength).toBe(1024);
    expect(Buffer.from(unzipSync(new Uint8Array(Buffer.concat(copies)))['part.bin']!)).toEqual(Buffer.alloc(1024, 7));
  });
});
