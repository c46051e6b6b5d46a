import { defineProject } from 'vitest/config';

// The web app's unit tests: the pure model code (node); a file that needs the browser's storage
// says so with `// @vitest-environment happy-dom`.
export default defineProject({
  test: { name: 'web', include: ['src/**/*.test.ts'], environment: 'node', setupFiles: ['./vitest.setup.ts'] },
});
