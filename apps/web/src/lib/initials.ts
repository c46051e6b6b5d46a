/** Grapheme clusters, so an accented letter written with a combining mark, or an emoji, stays whole. */
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** A cluster that starts with a letter or a digit: what a word's initial may be. */
const LETTER_OR_DIGIT = /^[\p{L}\p{N}]/u;

/** A word's first letter or digit, upper case; null for a word with none ("&", "-", an emoji). */
function initialOf(word: string): string | null {
  for (const { segment } of graphemes.segment(word)) {
    if (!LETTER_OR_DIGIT.test(segment)) continue;
    const upper = segment.toUpperCase().normalize('NFC');
    // A letter that upper-cases to two ('ß' to 'SS') keeps its own form: one initial is one letter.
    return [...graphemes.segment(upper)].length === 1 ? upper : segment.normalize('NFC');
  }
  return null;
}

/**
 * The one rule for initials everywhere they are drawn (avatars, the dashboard's recent invoices, the
 * party picker's badges): the first letters of the first two words of the name, upper case ("CL" for
 * "Café Lumière SARL", "G" for "Globex"; docs/product/shell.md#initials). Words are split on any white
 * space; a word with no letter or digit (an emoji, "&") is passed over. `max: 1` keeps only the first
 * (the party picker's badge is one letter). A name with no letter at all gives `fallback`.
 */
export function initials(name: string, { fallback = '', max = 2 }: { fallback?: string; max?: 1 | 2 } = {}): string {
  const letters: string[] = [];
  for (const word of name.split(/\s+/u)) {
    if (letters.length === max) break;
    const initial = initialOf(word);
    if (initial) letters.push(initial);
  }
  return letters.length > 0 ? letters.join('') : fallback;
}
