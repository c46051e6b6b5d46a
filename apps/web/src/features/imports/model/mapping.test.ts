import { describe, expect, it } from 'vitest';
import { columnLabel, IMPORT_TEXTS, mappedValue, withColumn } from './mapping';

const mapping = { name: [0], email: [1], phone: [], address: [2, 3], tax_id: [] };

describe('the import mapping', () => {
  it('joins a name by spaces and an address by lines, leaving out blank cells, as the server does', () => {
    expect(mappedValue(['Ada', 'a@x.example', ' 1 Row ', 'London'], [2, 3], 'address')).toBe('1 Row\nLondon');
    expect(mappedValue(['Ada', 'Lovelace'], [0, 1], 'name')).toBe('Ada Lovelace');
    expect(mappedValue(['Ada', ''], [0, 1, 5], 'name')).toBe('Ada');
    expect(mappedValue(['Ada'], [], 'phone')).toBe('');
  });

  it('sets, replaces and removes one column of a field', () => {
    expect(withColumn(mapping, 'phone', 0, 4).phone).toEqual([4]);
    expect(withColumn(mapping, 'address', 1, 5).address).toEqual([2, 5]);
    expect(withColumn(mapping, 'address', 0, null).address).toEqual([3]);
    expect(mapping.address).toEqual([2, 3]);
  });

  it('names blank headers by their number, and counts in words', () => {
    expect(columnLabel(['Name', ' '], 1)).toBe('Column 2');
    expect(columnLabel(['Name'], 0)).toBe('Name');
    expect(IMPORT_TEXTS.wouldImport(1, 0)).toBe('1 client will be imported.');
    expect(IMPORT_TEXTS.wouldImport(1200, 2)).toBe('1,200 clients will be imported; 2 rows will be skipped.');
  });
});
