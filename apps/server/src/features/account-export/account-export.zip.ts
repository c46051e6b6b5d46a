import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/**
 * The export's ZIP as it is made (docs/decisions/0053-account-export-storage-and-streaming.md): fflate's streaming
 * Zip, files one after another (a later file's output would wait in memory for the earlier one to end), JSON and
 * CSV deflated as they are written, PDFs stored as they are (already compressed). What comes out is cut into chunks
 * of CHUNK_BYTES and handed to `write` in order, at most WRITES_AHEAD writes queued: memory holds a chunk or two
 * and whatever the caller has in hand, whatever the size of the archive.
 */

export const CHUNK_BYTES = 1024 * 1024;
/** Chunk writes queued before the producer waits for them (they go on while PDFs render). */
const WRITES_AHEAD = 2;

export class ChunkedZip {
  private readonly zip: Zip;
  private parts: Uint8Array[] = [];
  private buffered = 0;
  private seq = 0;
  private queued = 0;
  private writing: Promise<void> = Promise.resolve();
  /** The files' bytes handed to `stored`, released once copied into a chunk. */
  private readonly takenOver = new WeakSet<Uint8Array>();
  private failure: unknown = null;
  /** Bytes of the archive so far. */
  size = 0;

  /** `write` must be done with the bytes when its promise settles: their memory is given back then. */
  constructor(private readonly write: (seq: number, bytes: Buffer) => Promise<void>) {
    this.zip = new Zip((error, data) => {
      if (error) this.failure ??= error;
      else this.take(data);
    });
  }

  /** A deflated file written in pieces: `text` as many times as needed, then `end`. */
  deflated(name: string, mtime: Date) {
    const file = new ZipDeflate(name, { level: 6 });
    file.mtime = mtime;
    this.zip.add(file);
    return {
      text: (text: string) => {
        if (text.length > 0) file.push(strToU8(text), false);
        return this.backpressure();
      },
      end: () => {
        file.push(new Uint8Array(0), true);
        return this.backpressure();
      },
    };
  }

  /**
   * A whole file stored without compression (a PDF). The archive takes `bytes` over: once they are copied into a
   * chunk their memory is given back (emptied), so the caller must not read them after this call.
   */
  stored(name: string, mtime: Date, bytes: Uint8Array): Promise<void> {
    const file = new ZipPassThrough(name);
    file.mtime = mtime;
    this.zip.add(file);
    this.takenOver.add(bytes);
    file.push(bytes, true);
    return this.backpressure();
  }

  /** Ends the archive and waits for every chunk to be written; answers the archive's size. */
  async end(): Promise<number> {
    this.zip.end();
    this.cut(true);
    await this.writing;
    if (this.failure) throw this.failure;
    return this.size;
  }

  private take(data: Uint8Array) {
    this.parts.push(data);
    this.buffered += data.length;
    this.size += data.length;
    if (this.buffered >= CHUNK_BYTES) this.cut(false);
  }

  /** Full chunks go to `write`; the rest waits for more (or goes too, at the end). */
  private cut(final: boolean) {
    if (this.buffered === 0 || (!final && this.buffered < CHUNK_BYTES)) return;
    const all = Buffer.concat(this.parts, this.buffered);
    for (const part of this.parts) if (this.takenOver.has(part)) release(part);
    const chunks: Buffer[] = [];
    let offset = 0;
    while (all.length - offset >= CHUNK_BYTES || (final && offset < all.length)) {
      const end = Math.min(offset + CHUNK_BYTES, all.length);
      chunks.push(all.subarray(offset, end));
      offset = end;
    }
    // The remainder is copied, so the concatenated buffer is not kept alive by it.
    this.parts = offset < all.length ? [Uint8Array.prototype.slice.call(all, offset)] : [];
    // Writes go in order, so once the last chunk cut from `all` is written, nothing needs `all` any more.
    chunks.forEach((chunk, index) => this.enqueue(chunk, index === chunks.length - 1 ? all : null));
    this.buffered = all.length - offset;
  }

  private enqueue(bytes: Buffer, releaseAfter: Buffer | null) {
    const seq = this.seq++;
    this.queued++;
    this.writing = this.writing.then(async () => {
      try {
        if (!this.failure) await this.write(seq, bytes);
      } catch (error) {
        this.failure ??= error;
      } finally {
        this.queued--;
        if (releaseAfter) release(releaseAfter);
      }
    });
  }

  /** Waits while too many chunk writes are queued; throws what failed so far. */
  private async backpressure(): Promise<void> {
    while (this.queued > WRITES_AHEAD && !this.failure) await this.writing;
    if (this.failure) throw this.failure;
  }
}

/**
 * Gives a buffer's memory back now rather than at the main thread's next garbage collection: an export passes its
 * whole size through here (PDFs, then the chunks they are copied into), and V8 collects memory held outside its
 * heap only every 64 MB or so, which the export's memory growth showed (docs/benchmarks.md, "Account export").
 * Only a buffer that is wholly this view's is emptied (ArrayBuffer.prototype.transfer, Node 22+); a view into a
 * larger or shared buffer is left to the collector.
 */
function release(bytes: Uint8Array): void {
  const buffer = bytes.buffer as ArrayBuffer & { transfer?: (length: number) => ArrayBuffer };
  if (bytes.byteOffset !== 0 || bytes.byteLength !== buffer.byteLength || typeof buffer.transfer !== 'function') return;
  buffer.transfer(0);
}
