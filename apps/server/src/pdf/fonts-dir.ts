import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { COVERAGE_FILE, FALLBACK_FACES } from './font-faces';

/** The font files of the invoice, one per weight, in the fonts directory. */
export const FONT_FILES = { regular: 'NotoSans-Regular.ttf', bold: 'NotoSans-Bold.ttf' } as const;

/** Noto Serif, the Classic template's headings (docs/decisions/0062-three-templates-and-the-accent-colour.md): read on first use. */
export const SERIF_FONT_FILES = { regular: 'NotoSerif-Regular.ttf', bold: 'NotoSerif-Bold.ttf' } as const;

/** Every file the fonts directory must hold: Noto Sans, the fallback faces and their coverage (font-faces.ts). */
export function allFontFiles(): string[] {
  const files = new Set<string>([FONT_FILES.regular, FONT_FILES.bold, SERIF_FONT_FILES.regular, SERIF_FONT_FILES.bold]);
  for (const face of FALLBACK_FACES) {
    files.add(face.files.regular);
    files.add(face.files.bold);
  }
  return [...files, COVERAGE_FILE];
}

/**
 * The directory holding the font files: `configured` (the FONTS_DIR setting) when given, otherwise
 * the first `assets/fonts` found walking up from this module. That finds apps/server/assets/fonts
 * both from the TS source (apps/server/src/pdf/) and from the esbuild bundle (apps/server/dist/*.js).
 * Kept apart from the font parsing, so the server checks the setting at start without loading pdfkit.
 */
export function resolveFontsDir(configured?: string): string {
  if (configured) {
    const dir = resolve(configured);
    // Every file, so a directory without the fallback fonts stops the start rather than the first Arabic invoice.
    const missing = allFontFiles().find((file) => !existsSync(join(dir, file)));
    if (missing) throw new Error(`FONTS_DIR is set to ${dir}, which holds no ${missing}.`);
    return dir;
  }
  const start = dirname(fileURLToPath(import.meta.url));
  for (let dir = start; ; dir = dirname(dir)) {
    const candidate = join(dir, 'assets', 'fonts');
    if (existsSync(join(candidate, FONT_FILES.regular))) return candidate;
    if (dirname(dir) === dir) {
      throw new Error(`No assets/fonts/${FONT_FILES.regular} found above ${start}; set FONTS_DIR.`);
    }
  }
}
