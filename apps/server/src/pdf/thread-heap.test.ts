import { describe, expect, it } from 'vitest';
import { COLLECT_AFTER_GROWTH_BYTES, collectIfGrown, collectionCount } from './thread-heap';

describe('a thread collecting its own garbage (thread-heap.ts)', () => {
  it('collects once it has grown by the threshold, and not again until it grows that much more', () => {
    collectIfGrown(true);
    const before = collectionCount();
    expect(before).toBe(1);
    // Nothing has grown: no collection.
    expect(collectIfGrown()).toBe(false);
    // Garbage past the threshold, as a render leaves it: objects that lived long enough to reach the old generation,
    // then were dropped.
    const held: number[][] = [];
    for (let made = 0; made < COLLECT_AFTER_GROWTH_BYTES * 1.5; made += 48 * 1024) {
      held.push(new Array<number>(6 * 1024).fill(made));
    }
    expect(held.length).toBeGreaterThan(0);
    held.length = 0;
    expect(collectIfGrown()).toBe(true);
    expect(collectionCount()).toBe(before + 1);
    expect(collectIfGrown()).toBe(false);
  });
});
