import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FALLBACK_FACES, toRanges } from './font-faces';
import { parseFont } from './invoice-fonts';

/** Not a control character or a noncharacter, which some fonts map to an empty glyph. */
function isText(code: number): boolean {
  return (
    !/\p{Cc}/u.test(String.fromCodePoint(code)) && !(code >= 0xfdd0 && code <= 0xfdef) && (code & 0xfffe) !== 0xfffe
  );
}

/**
 * What each fallback face covers, read from its font files: the code points both its regular and bold
 * files map, as ranges. `npm run fonts:coverage` writes it to assets/fonts/coverage.json (so a
 * document finds the font of a character without parsing the others); a test checks the file is current.
 */
export function computeCoverage(fontsDir: string): Record<string, number[]> {
  const coverage: Record<string, number[]> = {};
  for (const face of FALLBACK_FACES) {
    const regular = parseFont(readFileSync(join(fontsDir, face.files.regular)));
    const bold =
      face.files.bold === face.files.regular ? regular : parseFont(readFileSync(join(fontsDir, face.files.bold)));
    const boldSet = new Set(bold.characterSet);
    coverage[face.id] = toRanges(regular.characterSet.filter((code) => boldSet.has(code) && isText(code)));
  }
  return coverage;
}

/** The JSON text of coverage.json: one face per line. */
export function coverageJson(coverage: Record<string, number[]>): string {
  const lines = Object.entries(coverage).map(([id, ranges]) => `  ${JSON.stringify(id)}: ${JSON.stringify(ranges)}`);
  return `{\n${lines.join(',\n')}\n}\n`;
}
