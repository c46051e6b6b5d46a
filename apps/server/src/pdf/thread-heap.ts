import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * A PDF thread collects its own garbage between two tasks once its heap has grown by COLLECT_AFTER_GROWTH_BYTES
 * since it last did (docs/decisions/0074-pdf-threads-collect-and-remember-glyphs.md).
 *
 * Under sustained work (an account export, a stream of PDFs) V8 let a thread's old generation fill with a render's
 * promoted garbage up to two or three times what was live before collecting it: a warm thread that holds about 40 MB
 * reached the pool's 160 MB budget every 1,000 renders or so and was replaced, each replacement stalling the engine
 * and costing a new thread's start (fonts, pdf.js, the first unoptimised renders) while memory swung by 100 MB a
 * thread. Collected here, the same thread stays near its live size for good and the budget is left for what it is
 * for: a thread that a very large invoice really grew.
 */
export const COLLECT_AFTER_GROWTH_BYTES = 32 * 1024 * 1024;

/**
 * V8's own full collection, made callable the documented way (`--expose-gc`, which V8 reads when a context is made):
 * worker threads take no V8 flags of their own, so the flag is set here and a new context hands over its `gc`.
 * Null where that is refused: the thread then only has V8's own collections and the pool's budget.
 */
let collect: (() => void) | null | undefined;
function collector(): (() => void) | null {
  if (collect === undefined) {
    try {
      setFlagsFromString('--expose-gc');
      const found: unknown = runInNewContext('typeof gc === "function" ? gc : null');
      collect = typeof found === 'function' ? (found as () => void) : null;
    } catch {
      collect = null;
    }
  }
  return collect;
}

/** Heap in use and memory held outside it (buffers) after the last collection here. */
let liveAfterCollect = 0;
let collections = 0;

const inUse = () => {
  const heap = getHeapStatistics();
  return heap.used_heap_size + heap.external_memory;
};

/** Collects when the thread has grown by the threshold since it last did (or `always`); answers whether it did. */
export function collectIfGrown(always = false): boolean {
  if (!always && inUse() - liveAfterCollect < COLLECT_AFTER_GROWTH_BYTES) return false;
  const gc = collector();
  if (!gc) return false;
  gc();
  collections++;
  liveAfterCollect = inUse();
  return true;
}

/** Collections this thread has run (reported to the pool with its memory). */
export function collectionCount(): number {
  return collections;
}
