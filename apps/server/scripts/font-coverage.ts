/**
 * Writes assets/fonts/coverage.json from the font files (`npm run fonts:coverage` after adding or
 * updating a font; src/pdf/font-coverage.test.ts fails until it is current).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { COVERAGE_FILE } from '../src/pdf/font-faces';
import { computeCoverage, coverageJson } from '../src/pdf/font-coverage';
import { resolveFontsDir } from '../src/pdf/fonts-dir';

const dir = resolveFontsDir();
writeFileSync(join(dir, COVERAGE_FILE), coverageJson(computeCoverage(dir)));
console.log(`Wrote ${join(dir, COVERAGE_FILE)}`);
