import { defineConfig } from 'vitest/config';

/**
 * `npm run test:faults` (also run by CI): the production build as real processes, crashed,
 * cut off from its database and started twice. One file at a time: each drives whole servers
 * and PostgreSQL clusters, and the machine has two cores.
 */
export default defineConfig({
  test: {
    name: 'faults',
    root: import.meta.dirname,
    include: ['faults/**/*.test.ts'],
    testTimeout: 180_000,
    hookTimeout: 120_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
