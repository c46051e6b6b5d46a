import bidiFactory from 'bidi-js';
import { HAN_FACE, hanFaceForLanguage, JAPANESE_FACE } from './font-faces';
import {
  faceCoverage,
  fallbackFont,
  primaryCovers,
  primaryFont,
  weightOf,
  type FontHandle,
  type FontkitGlyph,
  type FontName,
} from './invoice-fonts';

/**
 * Text as runs of glyphs (docs/decisions/0058-every-script-renders.md): a line is itemised into runs,
 * each drawn with the first font of the fallback chain that has its characters, split where the
 * Unicode bidi algorithm (bidi-js) changes direction, shaped by fontkit (Arabic joining, Indic
 * reordering, ligatures, marks) and placed in visual order. Widths come from the same shaped runs
 * that are drawn, so wrapping and alignment measure what prints.
 */

const bidi = bidiFactory();

/** One glyph to draw; lengths in thousandths of an em, as PDF widths are. */
export interface ShapedGlyph {
  readonly id: number;
  /** The font's own advance (the PDF W entry). */
  readonly width: number;
  /** The advance after shaping (kerning, marks). */
  readonly advance: number;
  readonly dx: number;
  readonly dy: number;
  /**
   * What the glyph stands for in the PDF's ToUnicode map: its share of its cluster's characters, so
   * that reading the glyphs left to right gives the logical order (see clusterTexts); in a
   * right-to-left run in visual order, as extractors reverse right-to-left text character by character.
   */
  readonly text: string;
}

/** Glyphs of one font in visual order. */
export interface GlyphRun {
  readonly font: FontHandle;
  readonly glyphs: readonly ShapedGlyph[];
  readonly advance: number;
}

export interface PlacedRun extends GlyphRun {
  /** Left edge from the start of the line, in thousandths of an em. */
  readonly x: number;
  /** Whether it holds right-to-left letters (Arabic, Hebrew), which extractors put back in logical order. */
  readonly rtl: boolean;
}

/** A laid-out line: its runs in logical (reading) order, each placed at its visual position. */
export interface ShapedLine {
  readonly runs: readonly PlacedRun[];
  readonly advance: number;
}

// Right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, N'Ko, ... and their presentation forms) and the RTL marks.
const RTL_TEXT =
  /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff\u200f\u202b\u202e\u2067]|[\ud802\ud803\ud83a\ud83b][\udc00-\udfff]/;
const NEUTRAL = /[\p{Z}\p{P}\p{N}\p{Sm}\p{Sc}\p{Sk}\p{M}]/u;
const MARK = /\p{M}/u;
const IGNORABLE_TEXT = /\p{Default_Ignorable_Code_Point}/u;

/** Default-ignorable code points a font need not have: joiners, direction marks, variation selectors, tags. */
function isIgnorable(code: number): boolean {
  return (
    code === 0x00ad ||
    code === 0x034f ||
    (code >= 0x180b && code <= 0x180f) ||
    (code >= 0x200b && code <= 0x200f) ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2060 && code <= 0x206f) ||
    (code >= 0xfe00 && code <= 0xfe0f) ||
    code === 0xfeff ||
    (code >= 0xe0000 && code <= 0xe0fff)
  );
}

export function hasRtl(text: string): boolean {
  return RTL_TEXT.test(text);
}

/** The base direction of a block: that of its first strong character (UAX #9 rules P2 and P3), left-to-right without one. */
export function baseDirectionOf(text: string): 'ltr' | 'rtl' {
  if (!hasRtl(text)) return 'ltr';
  for (const char of text) {
    const type = bidi.getBidiCharTypeName(char);
    if (type === 'L') return 'ltr';
    if (type === 'R' || type === 'AL') return 'rtl';
  }
  return 'ltr';
}

interface Item {
  start: number;
  end: number;
  /** null: no font has these characters. */
  font: FontHandle | null;
}

function covers(font: FontHandle, code: number): boolean {
  return font.covered ? primaryCovered(font, code) : faceCoverage().covers(font.face, code);
}

function primaryCovered(font: FontHandle, code: number): boolean {
  return code < 0x10000 && font.covered![code] === 1;
}

/**
 * The face that draws Han characters in the document being laid out (hanFaceForLanguage). Set around one
 * document's synchronous layout (withDocumentLanguage), so documents never see each other's.
 */
let documentHanFace = HAN_FACE;

/** Lays out one document with the Han forms of its language, then restores the default. */
export function withDocumentLanguage<T>(language: string | null | undefined, layout: () => T): T {
  const before = documentHanFace;
  documentHanFace = hanFaceForLanguage(language);
  try {
    return layout();
  } finally {
    documentHanFace = before;
  }
}

const KANA = /[\u3040-\u30ff\u31f0-\u31ff\uff66-\uff9f]/;

/**
 * The Han face of one line, decided on its first Han character (a Latin line never looks): the document's, or the
 * Japanese forms where the line has kana (a Japanese name or address).
 */
interface LineHan {
  readonly text: string;
  face: number | null;
}

function hanFaceOf(line: LineHan): number {
  line.face ??= documentHanFace === HAN_FACE && KANA.test(line.text) ? JAPANESE_FACE : documentHanFace;
  return line.face;
}

function pick(
  code: number,
  current: FontHandle | null | undefined,
  primary: FontHandle,
  name: FontName,
  line: LineHan,
) {
  if (current === primary && primaryCovered(primary, code)) return primary;
  if (current !== undefined && isIgnorable(code)) return current;
  if (current && !current.primary) {
    // Spaces, digits, punctuation and marks stay with the script around them when its font has them.
    const char = String.fromCodePoint(code);
    if ((current.takesNeutrals ? NEUTRAL.test(char) : MARK.test(char)) && covers(current, code)) return current;
  }
  if (primaryCovered(primary, code)) return primary;
  // A serif style's characters beyond Noto Serif: Noto Sans, then the chain, as for every style.
  const weight = weightOf(name);
  if (primary.key !== weight && primaryCovers(code)) return primaryFont(weight);
  let face = faceCoverage().faceFor(code);
  if (face === HAN_FACE) {
    const hanFace = hanFaceOf(line);
    if (hanFace !== HAN_FACE && faceCoverage().covers(hanFace, code)) face = hanFace;
  }
  return face >= 0 ? fallbackFont(face, weight) : null;
}

/** Splits text into runs of one font each: the first font of the fallback chain that has the character. */
function itemize(text: string, weight: FontName): Item[] {
  const primary = primaryFont(weight);
  const line: LineHan = { text, face: null };
  const items: Item[] = [];
  let current: FontHandle | null | undefined;
  let start = 0;
  for (let i = 0; i < text.length;) {
    const code = text.codePointAt(i)!;
    const font = pick(code, current, primary, weight, line);
    if (font !== current) {
      if (current !== undefined) items.push({ start, end: i, font: current });
      current = font;
      start = i;
    }
    i += code > 0xffff ? 2 : 1;
  }
  if (current !== undefined) items.push({ start, end: text.length, font: current });
  return items;
}

/** A stand-in for fontkit's glyph cache that remembers only the last glyph stored (see shapePiece). */
function lastGlyphOnly(): object {
  let last: { key: string | symbol; value: unknown } | null = null;
  return new Proxy(
    {},
    {
      get: (_target, key) => (last && last.key === key ? last.value : undefined),
      set: (_target, key, value) => {
        last = { key, value };
        return true;
      },
    },
  );
}

/** Words shaped by fontkit, per font and direction, shared by every document of the thread. */
const MAX_CACHED_PIECES = 20_000;
const MAX_CACHED_LENGTH = 64;
const pieceCache = new Map<string, GlyphRun>();

/** Longer clusters than any script forms are not matched (the matching is quadratic in a cluster's length). */
const MAX_CLUSTER = 32;

/** Stands for the extra glyphs of a cluster that has more glyphs than characters; pdf.js skips it (a format character). */
const EXTRA_GLYPH_TEXT = '\u2060';

/**
 * The ToUnicode text of each glyph (visual order) of a shaped piece, so that reading the glyphs left
 * to right (and a right-to-left run back, as extractors do) gives the text in logical order. Clusters
 * are found by matching the glyphs' code points, in logical order, against the text's characters
 * (composed or canonically decomposed, as fontkit splits some Indic vowel signs); a cluster's
 * characters are then handed out over its glyphs in visual order (an Indic vowel sign drawn before its
 * consonant stands for the consonant, the consonant for the vowel sign). Default-ignorable characters
 * (joiners, selectors), which fontkit hides, are left out. Where the glyphs do not match the text
 * (never seen), each glyph keeps its own code points.
 */
function clusterTexts(
  text: string,
  shaped: string,
  glyphs: readonly FontkitGlyph[],
  advances: readonly number[],
  hidden: readonly boolean[],
  rtl: boolean,
): string[] {
  const units: Array<{ char: string; forms: number[][] }> = [];
  const originals = Array.from(text);
  Array.from(shaped).forEach((char, i) => {
    const code = char.codePointAt(0)!;
    if (isIgnorable(code)) return;
    // fontkit splits some vowel signs (Bengali O, Tamil O) canonically, Thai SARA AM by compatibility.
    const forms = [
      [code],
      ...['NFD', 'NFKD'].map((form) => Array.from(char.normalize(form), (part) => part.codePointAt(0)!)),
    ];
    units.push({ char: originals[i]!, forms });
  });
  const key = (list: number[]) => [...list].sort((a, b) => a - b).join(',');
  /** How many units, from `position`, the gathered code points stand for (0: not a whole cluster yet). */
  const match = (position: number, gathered: number[]): number => {
    const wanted = key(gathered);
    const lists: number[][] = [[], [], []];
    for (let k = 1; position + k <= units.length; k++) {
      const unit = units[position + k - 1]!;
      unit.forms.forEach((form, f) => lists[f]!.push(...form));
      if (lists.every((list) => list.length > gathered.length)) return 0;
      if (lists.some((list) => list.length === gathered.length && key(list) === wanted)) return k;
    }
    return 0;
  };
  const out = glyphs.map(() => '');
  let position = 0;
  let pending: number[] = [];
  let gathered: number[] = [];
  for (let step = 0; step < glyphs.length; step++) {
    const index = rtl ? glyphs.length - 1 - step : step;
    if (hidden[index]) continue;
    const points = glyphs[index]!.codePoints.filter((code) => !isIgnorable(code));
    if (points.length === 0 && pending.length === 0) {
      out[index] = EXTRA_GLYPH_TEXT; // a further glyph of the previous cluster
      continue;
    }
    pending.push(index);
    gathered.push(...points);
    if (gathered.length > MAX_CLUSTER) break; // hundreds of marks on one letter: each glyph keeps its own
    const count = gathered.length === 0 ? 0 : match(position, gathered);
    if (count === 0) continue;
    // Glyphs after it that stand for nothing (the second half of a split vowel) belong to this cluster.
    while (step + 1 < glyphs.length) {
      const next = rtl ? glyphs.length - 2 - step : step + 1;
      if (hidden[next] || glyphs[next]!.codePoints.some((code) => !isIgnorable(code))) break;
      pending.push(next);
      step++;
    }
    const visual = [...pending].sort((a, b) => a - b);
    distribute(units.slice(position, position + count), visual, advances, rtl, out);
    position += count;
    pending = [];
    gathered = [];
  }
  if (pending.length > 0 || position !== units.length) {
    return glyphs.map((glyph, i) => {
      if (hidden[i]) return '';
      const own = String.fromCodePoint(...glyph.codePoints.filter((code) => !isIgnorable(code)));
      return rtl ? Array.from(own).reverse().join('') : own;
    });
  }
  return out;
}

const NONSPACING_MARK = /\p{Mn}/u;

/**
 * Hands a cluster's characters out over its glyphs (visual order) so that extractors read them back
 * in order and pdf.js stays in step: every glyph that advances stands for at least one character (a
 * glyph that advances and stands for nothing reads as a gap, a space); glyphs with no advance take
 * the rest. Left to right, a nonspacing mark stays with the character before it (carryMarks then
 * moves it to a glyph of its own). A cluster with more advancing glyphs than characters (a split vowel
 * sign) is handed out in its decomposed form, which reads the same once normalised.
 */
function distribute(
  units: ReadonlyArray<{ char: string; forms: number[][] }>,
  visual: number[],
  advances: readonly number[],
  rtl: boolean,
  out: string[],
): void {
  const moving = visual.filter((glyph) => advances[glyph] !== 0);
  const candidates = [
    units.map((unit) => unit.char),
    ...[1, 2].map((f) => units.flatMap((unit) => unit.forms[f]!.map((code) => String.fromCodePoint(code)))),
  ];
  let pieces: string[] = [];
  for (const chars of candidates) {
    pieces = [];
    for (const char of chars) {
      if (!rtl && pieces.length > 0 && NONSPACING_MARK.test(char)) pieces[pieces.length - 1] += char;
      else pieces.push(char);
    }
    if (pieces.length >= moving.length) break;
  }
  if (rtl) pieces = pieces.map((piece) => Array.from(piece).reverse().join('')).reverse();
  const takers = moving.length > 0 ? moving : visual.slice(0, 1);
  for (const glyph of visual) out[glyph] = EXTRA_GLYPH_TEXT;
  if (pieces.length <= takers.length) {
    pieces.forEach((piece, i) => (out[takers[i]!] = piece));
    return;
  }
  // More characters than advancing glyphs: zero-advance glyphs (marks) take theirs first when each
  // glyph can have one; otherwise the last advancing glyph takes the rest.
  if (pieces.length === visual.length) {
    visual.forEach((glyph, i) => (out[glyph] = pieces[i]!));
    return;
  }
  takers.forEach((glyph, i) => (out[glyph] = i === takers.length - 1 ? pieces.slice(i).join('') : pieces[i]!));
}

/**
 * pdf.js takes a glyph whose text holds a nonspacing mark for a zero-width diacritic and then puts a
 * space after it: the ligature of an Indic consonant and its vowel sign, or a conjunct with its virama,
 * would read "తె లుగు". So in a left-to-right run such a glyph keeps the text before its first mark, and
 * the rest goes on an empty glyph (the space glyph with no width) drawn right after it.
 */
function carryMarks(glyphs: ShapedGlyph[], spaceGlyph: () => number): ShapedGlyph[] {
  if (!glyphs.some((glyph) => glyph.advance !== 0 && NONSPACING_MARK.test(glyph.text))) return glyphs;
  const space = spaceGlyph();
  if (space <= 0) return glyphs;
  const out: ShapedGlyph[] = [];
  for (const glyph of glyphs) {
    const chars = Array.from(glyph.text);
    const firstMark = chars.findIndex((char) => NONSPACING_MARK.test(char));
    if (glyph.advance === 0 || firstMark < 0) {
      out.push(glyph);
      continue;
    }
    out.push({ ...glyph, text: firstMark === 0 ? EXTRA_GLYPH_TEXT : chars.slice(0, firstMark).join('') });
    out.push({ id: space, width: 0, advance: 0, dx: 0, dy: 0, text: chars.slice(firstMark).join('') });
  }
  return out;
}

/** Each character as U+FFFD of Noto Sans, standing for itself in the ToUnicode map: visible, and the text still extracts. */
function replacementRun(text: string, weight: FontName, rtl: boolean): GlyphRun {
  const font = primaryFont(weightOf(weight));
  const glyph = font.font.glyphForCodePoint(0xfffd);
  const width = glyph.advanceWidth * font.scale;
  const glyphs: Array<ShapedGlyph & { text: string }> = [];
  for (const char of text) {
    const last = glyphs.at(-1);
    if (last && isIgnorable(char.codePointAt(0)!)) {
      glyphs[glyphs.length - 1] = { ...last, text: last.text + char };
      continue;
    }
    glyphs.push({ id: glyph.id, width, advance: width, dx: 0, dy: 0, text: char });
  }
  if (rtl) glyphs.reverse();
  return { font, glyphs, advance: width * glyphs.length };
}

/**
 * Characters of amounts, numbers and dates: nearly every word a thread has not shaped before is made of these (in an
 * account export, 98 % of the word cache's misses were amounts and invoice numbers).
 */
const NUMERIC_CHARACTERS = "0123456789.,'\u2019\u2212-+%()#/: $€£¥₹₩₽₺₪₫₦₱";
/** Per font: the numeric characters no fontkit layout changes next to one another. */
const sideBySide = new Map<string, Set<string>>();

/**
 * Which numeric characters of the font are laid out exactly as their own glyphs side by side, whatever stands next to
 * them: checked once per font by laying out every ordered pair in one line and comparing each glyph and position with
 * the character's own. A character that takes part in a kerning pair, a ligature or a contextual form is left out,
 * and the check runs again without it.
 */
export function sideBySideCharacters(font: FontHandle, among: string = NUMERIC_CHARACTERS): Set<string> {
  const key = among === NUMERIC_CHARACTERS ? font.key : `${font.key}\u0000${among}`;
  let found = sideBySide.get(key);
  if (found) return found;
  const single = new Map<string, { id: number; xAdvance: number }>();
  for (const char of among) {
    const run = font.font.layout(char, undefined, undefined, undefined, 'ltr');
    const position = run.positions[0];
    if (run.glyphs.length === 1 && run.glyphs[0]!.id !== 0 && position && !position.xOffset && !position.yOffset) {
      single.set(char, { id: run.glyphs[0]!.id, xAdvance: position.xAdvance });
    }
  }
  let candidates = [...single.keys()];
  for (let round = 0; round < among.length && candidates.length > 0; round++) {
    const pairs = candidates.flatMap((a) => candidates.map((b) => a + b)).join('');
    const run = font.font.layout(pairs, undefined, undefined, undefined, 'ltr');
    const chars = Array.from(pairs);
    const wrong = new Set<string>();
    if (run.glyphs.length !== chars.length) {
      // A ligature or a decomposition somewhere: find the pairs one by one.
      for (const a of candidates) {
        for (const b of candidates) {
          const pair = font.font.layout(a + b, undefined, undefined, undefined, 'ltr');
          const same =
            pair.glyphs.length === 2 &&
            pair.glyphs[0]!.id === single.get(a)!.id &&
            pair.glyphs[1]!.id === single.get(b)!.id &&
            pair.positions.every(
              (position, i) =>
                position.xAdvance === single.get(i === 0 ? a : b)!.xAdvance && !position.xOffset && !position.yOffset,
            );
          if (!same) wrong.add(a).add(b);
        }
      }
    } else {
      chars.forEach((char, i) => {
        const position = run.positions[i]!;
        const own = single.get(char)!;
        if (
          run.glyphs[i]!.id !== own.id ||
          position.xAdvance !== own.xAdvance ||
          position.xOffset ||
          position.yOffset
        ) {
          wrong.add(char);
          // Its neighbour in the pair is as much a part of it.
          wrong.add(chars[i % 2 === 0 ? i + 1 : i - 1]!);
        }
      });
    }
    if (wrong.size === 0) break;
    candidates = candidates.filter((char) => !wrong.has(char));
  }
  found = new Set(candidates);
  sideBySide.set(key, found);
  return found;
}

/** A left-to-right word of side-by-side characters, from the cached glyphs of its characters; null for any other. */
export function shapeSideBySide(font: FontHandle, text: string, weight: FontName): GlyphRun | null {
  if (text.length < 2) return null;
  const characters = sideBySideCharacters(font);
  for (const char of text) if (!characters.has(char)) return null;
  const glyphs: ShapedGlyph[] = [];
  let advance = 0;
  for (const char of text) {
    const own = shapePiece(font, char, false, weight);
    if (own.font !== font || own.glyphs.length !== 1) return null;
    glyphs.push(own.glyphs[0]!);
    advance += own.advance;
  }
  return { font, glyphs, advance };
}

function shapePiece(font: FontHandle, text: string, rtl: boolean, weight: FontName): GlyphRun {
  const key = `${font.key}\u0000${rtl ? 'r' : 'l'}\u0000${text}`;
  const cached = pieceCache.get(key);
  if (cached) return cached;
  const quick = rtl ? null : shapeSideBySide(font, text, weight);
  if (quick) {
    remember(key, text, quick);
    return quick;
  }
  const result = layoutPiece(font, text, rtl, weight);
  remember(key, text, result);
  return result;
}

/** A word as fontkit lays it out, with each glyph's share of the text (not cached). */
export function layoutPiece(font: FontHandle, text: string, rtl: boolean, weight: FontName): GlyphRun {
  const shaped = rtl ? Array.from(text, (char) => bidi.getMirroredCharacter(char) ?? char).join('') : text;
  // fontkit caches glyph objects with the code points of the text that first made them, also within
  // one layout (the two SARA AA of "ณาชำ"); for the layout the cache keeps only the glyph just made, so
  // each glyph of the run carries its own code points, which the cluster mapping reads.
  const holder = font.font as unknown as { _glyphs: object };
  holder._glyphs = lastGlyphOnly();
  const run = font.font.layout(shaped, undefined, undefined, undefined, rtl ? 'rtl' : 'ltr');
  holder._glyphs = {};
  // fontkit draws a default-ignorable character as its space glyph with no advance: not drawn here.
  const space = IGNORABLE_TEXT.test(text) ? font.font.glyphForCodePoint(0x20).id : -1;
  const hidden = run.glyphs.map((glyph, i) => glyph.id === space && run.positions[i]!.xAdvance === 0);
  const texts = clusterTexts(
    text,
    shaped,
    run.glyphs,
    run.positions.map((position) => position.xAdvance),
    hidden,
    rtl,
  );
  const glyphs: ShapedGlyph[] = [];
  let advance = 0;
  let missing = false;
  run.glyphs.forEach((glyph, i) => {
    const position = run.positions[i]!;
    if (hidden[i]) return;
    if (glyph.id === 0) {
      // A hidden joiner or selector in a font without a space glyph: nothing to draw. Anything else is replaced below.
      if (glyph.codePoints.every(isIgnorable)) return;
      missing = true;
    }
    const shapedGlyph = {
      id: glyph.id,
      // A mark shaped to no advance gets no width in the PDF either: extractors take a glyph with a
      // width and no advance for a gap (pdf.js then reads "กั ด").
      width: position.xAdvance === 0 ? 0 : glyph.advanceWidth * font.scale,
      advance: position.xAdvance * font.scale,
      dx: position.xOffset * font.scale,
      dy: position.yOffset * font.scale,
      text: texts[i]!,
    };
    advance += shapedGlyph.advance;
    glyphs.push(shapedGlyph);
  });
  return missing
    ? replacementRun(text, weight, rtl)
    : { font, glyphs: rtl ? glyphs : carryMarks(glyphs, () => font.font.glyphForCodePoint(0x20).id), advance };
}

function remember(key: string, text: string, run: GlyphRun) {
  // Words repeat; a long run of space-less text (a Chinese sentence) rarely does.
  if (text.length <= MAX_CACHED_LENGTH) {
    if (pieceCache.size >= MAX_CACHED_PIECES) pieceCache.clear();
    pieceCache.set(key, run);
  }
}

/**
 * Shapes one run of one font and direction, word by word (words are what the cache keeps): its runs in
 * visual order, more than one only where a word had to fall back to replacement glyphs.
 */
function shapeRun(text: string, font: FontHandle | null, rtl: boolean, weight: FontName): GlyphRun[] {
  if (!font) return [replacementRun(text, weight, rtl)];
  const pieces: GlyphRun[] = [];
  let start = 0;
  for (let i = 0; i <= text.length; i++) {
    if (i === text.length || text[i] === ' ') {
      const end = Math.min(text.length, i + 1);
      if (end > start) pieces.push(shapePiece(font, text.slice(start, end), rtl, weight));
      start = end;
    }
  }
  if (pieces.length <= 1) return pieces;
  if (rtl) pieces.reverse();
  // Neighbouring pieces of one font become one run (one text object in the PDF).
  const runs: GlyphRun[] = [];
  for (const piece of pieces) {
    const last = runs.at(-1);
    if (last && last.font === piece.font) {
      runs[runs.length - 1] = {
        font: last.font,
        glyphs: [...last.glyphs, ...piece.glyphs],
        advance: last.advance + piece.advance,
      };
    } else {
      runs.push(piece);
    }
  }
  return runs;
}

interface Segment {
  start: number;
  end: number;
  font: FontHandle | null;
  level: number;
}

/**
 * Lays out one line (no line breaks) in the given base direction: runs in logical order with their
 * visual positions. Lines of left-to-right text without right-to-left characters skip the bidi algorithm.
 */
export function shapeLine(text: string, weight: FontName, rtl = false): ShapedLine {
  if (text === '') return EMPTY_LINE;
  if (text.length > MAX_CACHED_LINE_LENGTH) return shapeNewLine(text, weight, rtl);
  const key = `${documentHanFace}\u0000${weight}\u0000${rtl ? 1 : 0}\u0000${text}`;
  let line = lineCache.get(key);
  if (!line) {
    line = shapeNewLine(text, weight, rtl);
    if (lineCache.size >= MAX_CACHED_LINES) lineCache.clear();
    lineCache.set(key, line);
  }
  return line;
}

const EMPTY_LINE: ShapedLine = { runs: [], advance: 0 };

/**
 * Whole lines as shapeLine answers them, shared by every document of the thread (ShapedLine is read-only, its fonts
 * are the thread's for its life): a document measures the same text several times while it breaks lines and draws
 * it once more, and labels, dates and amounts repeat from one invoice to the next. Keyed by everything the result
 * depends on: the document's Han face, the style and the direction. Bounded, as a document of unique long text
 * must not grow it for good (at most about 5 MB).
 */
const MAX_CACHED_LINES = 2_000;
const MAX_CACHED_LINE_LENGTH = 100;
const lineCache = new Map<string, ShapedLine>();

function shapeNewLine(text: string, weight: FontName, rtl: boolean): ShapedLine {
  const items = itemize(text, weight);
  const levels = rtl || hasRtl(text) ? bidi.getEmbeddingLevels(text, rtl ? 'rtl' : 'ltr').levels : null;
  const segments: Segment[] = [];
  for (const item of items) {
    if (!levels) {
      segments.push({ ...item, level: 0 });
      continue;
    }
    let start = item.start;
    for (let i = item.start + 1; i <= item.end; i++) {
      if (i === item.end || levels[i] !== levels[start]) {
        segments.push({ start, end: i, font: item.font, level: levels[start]! });
        start = i;
      }
    }
  }
  const shaped = segments.map((segment) =>
    shapeRun(text.slice(segment.start, segment.end), segment.font, segment.level % 2 === 1, weight),
  );
  // UAX #9 rule L2: from the highest level down to the lowest odd one, reverse every sequence at or above it.
  const visual = segments.map((_, index) => index);
  const segmentLevels = segments.map((segment) => segment.level);
  const highest = Math.max(...segmentLevels);
  const lowestOdd = Math.min(...segmentLevels.filter((level) => level % 2 === 1), highest + 1);
  for (let level = highest; level >= lowestOdd; level--) {
    for (let i = 0; i < visual.length;) {
      if (segmentLevels[visual[i]!]! < level) {
        i++;
        continue;
      }
      let j = i;
      while (j < visual.length && segmentLevels[visual[j]!]! >= level) j++;
      const reversed = visual.slice(i, j).reverse();
      visual.splice(i, j - i, ...reversed);
      i = j;
    }
  }
  const x: number[][] = shaped.map(() => []);
  let advance = 0;
  for (const index of visual) {
    for (const run of shaped[index]!) {
      x[index]!.push(advance);
      advance += run.advance;
    }
  }
  // Logical order: the order text extraction reads them in (pdf.js reads a right-to-left run back itself).
  const runs = shaped.flatMap((segmentRuns, index) => {
    const segment = segments[index]!;
    const rtl = segment.level % 2 === 1 && hasRtl(text.slice(segment.start, segment.end));
    return segmentRuns.map((run, i) => ({ ...run, x: x[index]![i]!, rtl }));
  });
  return { runs, advance };
}

// Scripts written without spaces between words: lines may break inside their "words".
const NO_SPACE_SCRIPTS =
  /[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u2e80-\u2fdf\u3000-\u9fff\uf900-\ufaff\uff00-\uffef]|[\ud840-\ud87f][\udc00-\udfff]/;
const segmenter = new Intl.Segmenter(undefined, { granularity: 'word' });
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
// Closing punctuation stays at the end of a line, opening at the start (the simple form of kinsoku).
const CLOSING = /^[\p{Pe}\p{Pf}、。，．！？：；」』）〉》】〕ー…・,.!?:;%]+$/u;
const OPENING = /^[\p{Ps}\p{Pi}「『（〈《【〔]+$/u;

/**
 * Where a word with no spaces may break: between the words ICU finds in Chinese, Japanese and Thai
 * (its dictionaries), keeping punctuation with its neighbour. A word of other scripts is one unit.
 */
export function breakUnits(word: string): string[] {
  if (!NO_SPACE_SCRIPTS.test(word)) return [word];
  const units: string[] = [];
  let openers = '';
  for (const { segment } of segmenter.segment(word)) {
    if (OPENING.test(segment)) {
      openers += segment;
    } else if (CLOSING.test(segment) && units.length > 0) {
      units[units.length - 1] += openers + segment;
      openers = '';
    } else {
      units.push(openers + segment);
      openers = '';
    }
  }
  if (openers) units.push(openers);
  return units;
}

/** Grapheme clusters (a syllable with its marks, an emoji sequence): a word too wide for its column breaks between them. */
export function graphemeClusters(text: string): string[] {
  return Array.from(graphemes.segment(text), ({ segment }) => segment);
}
