import { createRequire } from 'node:module';

/**
 * Gives the memory the C allocator holds free back to the system: glibc's malloc_trim(0), called
 * through koffi (an FFI with prebuilt binaries) on libuv's thread pool, so the event loop never
 * waits for it.
 *
 * Why: what a PDF thread allocates outside V8's heap (buffers, zlib, the structured clones of
 * tasks) comes from a glibc arena of its own, and glibc keeps what is freed there for reuse; a
 * thread that ends leaves its arena behind for the next one. After a flood of the largest
 * invoices 100-190 MB of the process's memory was such free space (bench:fairness, measured
 * from /proc/PID/smaps), and recycling the threads (pdf-pool.ts) did not give it back;
 * malloc_trim(0) did, in 20 ms of a pool thread
 * (docs/decisions/0040-pdf-engine-memory-and-large-bodies.md).
 *
 * Where glibc is not the C library (musl has no libc.so.6; macOS, Windows) or koffi cannot load,
 * this does nothing.
 */

type Trim = { async: (pad: number, callback: (error: unknown, result: number) => void) => void };

let trim: Trim | null | undefined;

function loadTrim(): Trim | null {
  if (process.platform !== 'linux') return null;
  try {
    const koffi = createRequire(import.meta.url)('koffi') as {
      load: (name: string) => { func: (signature: string) => Trim };
    };
    return koffi.load('libc.so.6').func('int malloc_trim(size_t pad)');
  } catch {
    return null;
  }
}

/** Resolves true once the free memory is released, false at once where that cannot be done; never rejects. */
export function releaseFreeMemory(): Promise<boolean> {
  trim ??= loadTrim();
  const found = trim;
  if (!found) return Promise.resolve(false);
  return new Promise((resolve) => found.async(0, (error) => resolve(!error)));
}
