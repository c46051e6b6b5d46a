import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The fonts of the PDF engine beyond Noto Sans, in the order the fallback chain tries them
 * (docs/decisions/0058-every-script-renders.md). Each face has a regular and a bold file; a face with
 * one weight names the same file twice. None is read until a document has a character that only it
 * covers, so a Latin invoice reads and parses nothing new.
 */
export interface FallbackFace {
  readonly id: string;
  readonly files: { readonly regular: string; readonly bold: string };
  /**
   * Whether spaces, digits and punctuation next to this face's text stay in its run (when it has them),
   * as they do in a script's own font: Arabic commas, Devanagari danda, digits in a Chinese address.
   * Symbol and emoji fonts do not take them, so "🚀 2026" prints its digits in Noto Sans.
   */
  readonly takesNeutrals: boolean;
}

const both = (file: string) => ({ regular: `${file}-Regular.ttf`, bold: `${file}-Bold.ttf` });
const single = (file: string) => ({ regular: `${file}-Regular.ttf`, bold: `${file}-Regular.ttf` });

export const FALLBACK_FACES: readonly FallbackFace[] = [
  { id: 'arabic', files: both('NotoSansArabic'), takesNeutrals: true },
  { id: 'hebrew', files: both('NotoSansHebrew'), takesNeutrals: true },
  { id: 'thai', files: both('NotoSansThai'), takesNeutrals: true },
  { id: 'devanagari', files: both('NotoSansDevanagari'), takesNeutrals: true },
  { id: 'bengali', files: both('NotoSansBengali'), takesNeutrals: true },
  { id: 'gujarati', files: both('NotoSansGujarati'), takesNeutrals: true },
  { id: 'gurmukhi', files: both('NotoSansGurmukhi'), takesNeutrals: true },
  { id: 'oriya', files: both('NotoSansOriya'), takesNeutrals: true },
  { id: 'tamil', files: both('NotoSansTamil'), takesNeutrals: true },
  { id: 'telugu', files: both('NotoSansTelugu'), takesNeutrals: true },
  { id: 'kannada', files: both('NotoSansKannada'), takesNeutrals: true },
  { id: 'malayalam', files: both('NotoSansMalayalam'), takesNeutrals: true },
  { id: 'georgian', files: both('NotoSansGeorgian'), takesNeutrals: true },
  { id: 'armenian', files: both('NotoSansArmenian'), takesNeutrals: true },
  // Before the CJK fonts, which also have arrows and circled digits: a Latin invoice with "→" loads 0.2 MB, not 10.
  { id: 'symbols', files: both('NotoSansSymbols'), takesNeutrals: false },
  // Emoji before Symbols 2, which has some pictographs too: one emoji sequence stays in one font.
  { id: 'emoji', files: single('NotoEmoji'), takesNeutrals: false },
  { id: 'symbols2', files: single('NotoSansSymbols2'), takesNeutrals: false },
  { id: 'math', files: single('NotoSansMath'), takesNeutrals: false },
  { id: 'korean', files: both('NotoSansKR'), takesNeutrals: true },
  { id: 'cjk', files: both('NotoSansSC'), takesNeutrals: true },
  // Han characters in their Japanese and Traditional Chinese forms (直, 骨, 写 differ from the simplified
  // forms Noto Sans SC draws). Never first in the chain: chosen instead of 'cjk' for a Japanese or Traditional
  // Chinese document, or a line with kana (hanFaceFor).
  { id: 'japanese', files: both('NotoSansJP'), takesNeutrals: true },
  { id: 'chinese-traditional', files: both('NotoSansTC'), takesNeutrals: true },
];

const faceIndex = (id: string) => FALLBACK_FACES.findIndex((face) => face.id === id);
/** The face the chain finds for Han characters (Noto Sans SC). */
export const HAN_FACE = faceIndex('cjk');
export const JAPANESE_FACE = faceIndex('japanese');
export const TRADITIONAL_CHINESE_FACE = faceIndex('chinese-traditional');

/**
 * The face that draws Han characters for a document language (BCP 47): Japanese forms for Japanese, traditional
 * forms for Chinese written in Traditional script (zh-Hant, zh-TW, zh-HK, zh-MO), else the simplified forms.
 */
export function hanFaceForLanguage(language: string | null | undefined): number {
  if (!language) return HAN_FACE;
  let face = hanFaces.get(language);
  if (face === undefined) {
    face = hanFaceOfTag(language);
    if (hanFaces.size < 100) hanFaces.set(language, face);
  }
  return face;
}

const hanFaces = new Map<string, number>();

function hanFaceOfTag(language: string): number {
  try {
    const locale = new Intl.Locale(language).maximize();
    if (locale.language === 'ja') return JAPANESE_FACE;
    if (locale.language === 'zh' && locale.script === 'Hant') return TRADITIONAL_CHINESE_FACE;
  } catch {
    // not a language tag: the default forms
  }
  return HAN_FACE;
}

/** The file that lists, per face, the code points its regular and bold files both map (generated, then checked by a test). */
export const COVERAGE_FILE = 'coverage.json';

/** Sorted, non-overlapping inclusive ranges [first, last, first, last, ...] of code points. */
export type CoverageRanges = readonly number[];

/** Turns a set of code points into inclusive ranges, flattened. */
export function toRanges(codePoints: Iterable<number>): number[] {
  const sorted = [...new Set(codePoints)].sort((a, b) => a - b);
  const ranges: number[] = [];
  for (const code of sorted) {
    if (ranges.length > 0 && ranges[ranges.length - 1] === code - 1) ranges[ranges.length - 1] = code;
    else ranges.push(code, code);
  }
  return ranges;
}

function inRanges(ranges: CoverageRanges, code: number): boolean {
  let low = 0;
  let high = ranges.length / 2 - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (code < ranges[2 * mid]!) high = mid - 1;
    else if (code > ranges[2 * mid + 1]!) low = mid + 1;
    else return true;
  }
  return false;
}

const MAX_MEMO = 50_000;

/**
 * Which fallback face draws a code point: the index in FALLBACK_FACES of the first face that covers it,
 * or -1 when none does. Reads coverage.json once per thread (about 30 KB), on the first character
 * Noto Sans lacks.
 */
export class FaceCoverage {
  private readonly ranges: CoverageRanges[];
  private readonly memo = new Map<number, number>();

  constructor(coverage: Record<string, CoverageRanges>) {
    this.ranges = FALLBACK_FACES.map((face) => {
      const ranges = coverage[face.id];
      if (!ranges) throw new Error(`${COVERAGE_FILE} has no entry for the font face "${face.id}".`);
      return ranges;
    });
  }

  static read(fontsDir: string): FaceCoverage {
    return new FaceCoverage(
      JSON.parse(readFileSync(join(fontsDir, COVERAGE_FILE), 'utf8')) as Record<string, number[]>,
    );
  }

  covers(face: number, code: number): boolean {
    return inRanges(this.ranges[face]!, code);
  }

  faceFor(code: number): number {
    let face = this.memo.get(code);
    if (face === undefined) {
      face = this.ranges.findIndex((ranges) => inRanges(ranges, code));
      if (this.memo.size >= MAX_MEMO) this.memo.clear(); // a document of random code points must not grow it for good
      this.memo.set(code, face);
    }
    return face;
  }
}
