import { describe, expect, it } from 'vitest';
import { containsPattern, normalizeSearchText, partySearchText, searchWords } from './search-text';

describe('search text normalisation', () => {
  it('ignores case and accents', () => {
    expect(normalizeSearchText('Müller')).toBe('muller');
    expect(normalizeSearchText('MÜLLER')).toBe('muller');
    expect(normalizeSearchText('Ångström Café Señor Łódź')).toBe('angstrom cafe senor lodz');
    expect(normalizeSearchText('Straße Ærø Œuvre')).toBe('strasse aero oeuvre');
    // Precomposed and decomposed forms agree; İ's lower case carries a combining dot that goes too.
    expect(normalizeSearchText('Mu\u0308ller')).toBe(normalizeSearchText('M\u00fcller'));
    expect(normalizeSearchText('İstanbul')).toBe('istanbul');
    // Compatibility forms: fullwidth letters and ligatures.
    expect(normalizeSearchText('ＡＣＭＥ ﬁne')).toBe('acme fine');
  });

  it('collapses white space and removes control characters (PostgreSQL text cannot hold NUL)', () => {
    expect(normalizeSearchText('  a\t\tb\u0000c\n ')).toBe('a b c');
  });

  it('stores the searchable fields one per line, skipping empty ones', () => {
    expect(
      partySearchText({
        name: 'Müller GmbH',
        email: 'INFO@mueller.de',
        phone: '',
        address: 'Hauptstraße 1',
        taxId: 'DE1',
      }),
    ).toBe('muller gmbh\ninfo@mueller.de\nhauptstrasse 1\nde1');
  });

  it('splits a search into distinct words, longest first', () => {
    expect(searchWords('  Müller  berlin muller ')).toEqual(['muller', 'berlin']);
    expect(searchWords('   ')).toEqual([]);
  });

  it('escapes the LIKE wildcards', () => {
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
