import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { initials } from '../../../lib/initials';
import {
  filterParties,
  firstLine,
  lastLine,
  normalizeParty,
  normalizePartyList,
  partyAddressBlock,
  partyListReader,
} from './normalize-party';

describe('normalizeParty and the list reader', () => {
  it('reads the alternative field names and list keys', () => {
    // The alternative names (docs/product/entities.md#party) as another endpoint might answer them.
    const vendor = normalizeParty(
      {
        _id: 17,
        vendor_name: 'zeta supplies',
        contact_email: 'sales@zeta.example',
        business_address: '9 Dock Road\nLeith',
        contact_phone: '0131 000',
        tax_number: 'GB-77',
        total_invoices: '4',
      },
      'vendor',
    );
    expect(vendor).toMatchObject({
      id: '17',
      name: 'zeta supplies',
      email: 'sales@zeta.example',
      address: '9 Dock Road\nLeith',
      phone: '0131 000',
      tax_id: 'GB-77',
      invoice_count: 4,
      logo: 'Z',
      description: 'sales@zeta.example · 0131 000 · 9 Dock Road, Leith · GB-77',
      type: 'vendor',
    });
    expect(partyAddressBlock(vendor!)).toBe(
      'zeta supplies\n9 Dock Road\nLeith\nsales@zeta.example\n0131 000\nTax ID: GB-77',
    );
    expect(normalizeParty({ id: 'b1', business_name: 'Acme' }, 'business')).toMatchObject({
      name: 'Acme',
      invoice_count: 0,
      logo: 'A',
      description: '',
    });
    expect(normalizeParty({ id: 'c1', client_name: '' }, 'client')?.logo).toBe('?');
    expect(normalizeParty({ name: 'No id' }, 'client')).toBeNull();
    expect(normalizeParty('text', 'client')).toBeNull();

    // The list: the first array among businesses, clients, vendors, data, the answer itself, `{type}s`.
    const names = (body: unknown, type: 'business' | 'client' | 'vendor') =>
      normalizePartyList(body, type).map((party) => party.name);
    expect(names({ success: true, businesses: [{ id: 1, name: 'B' }] }, 'business')).toEqual(['B']);
    expect(names({ clients: [{ id: 1, client_name: 'C' }], data: [{ id: 2, name: 'D' }] }, 'client')).toEqual(['C']);
    expect(names({ data: [{ id: 2, name: 'D' }] }, 'vendor')).toEqual(['D']);
    expect(names([{ id: 3, name: 'Top' }, { id: 3, name: 'Twice' }, null], 'client')).toEqual(['Top']);
    expect(names({ vendors: 'not a list' }, 'vendor')).toEqual([]);
    expect(names({ items: [{ id: 4, name: 'I' }] }, 'client')).toEqual([]);

    // The local filter: case-insensitive on name, e-mail, description and tax id.
    const parties = normalizePartyList(
      [
        { id: 1, name: 'Ärzte GmbH', email: 'a@b.de' },
        { id: 2, name: 'Other', tax_id: 'XY-1' },
      ],
      'client',
    );
    expect(filterParties(parties, 'ärz').map((party) => party.id)).toEqual(['1']);
    expect(filterParties(parties, 'xy-1').map((party) => party.id)).toEqual(['2']);
    expect(filterParties(parties, '  ')).toHaveLength(2);
  });

  it('never throws on any answer, and every party it keeps can be chosen', () => {
    const record = fc.dictionary(
      fc.constantFrom('id', '_id', 'name', 'client_name', 'email', 'address', 'tax_id', 'invoice_count', 'x'),
      fc.oneof(fc.string(), fc.integer(), fc.double(), fc.constant(null), fc.boolean()),
    );
    const answer = fc.oneof(
      fc.jsonValue(),
      fc.array(record),
      fc.record({ clients: fc.array(record) }),
      fc.record({ data: fc.array(record), success: fc.boolean() }),
    );
    fc.assert(
      fc.property(answer, (body) => {
        const parties = normalizePartyList(body, 'client');
        expect(partyListReader('client').safeParse(body)).toEqual({ success: true, data: parties });
        expect(new Set(parties.map((party) => party.id)).size).toBe(parties.length);
        for (const party of parties) {
          expect(party.id).not.toBe('');
          expect(Number.isSafeInteger(party.invoice_count) && party.invoice_count >= 0).toBe(true);
          expect(party.logo).toBe(initials(party.name, { fallback: '?', max: 1 }));
          // A named party's block starts with its name, so choosing it keeps it linked while the name stays.
          if (party.name) expect(firstLine(partyAddressBlock(party))).toBe(firstLine(party.name));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('filters to a subset, and an empty filter keeps every party', () => {
    const parties = normalizePartyList(
      [
        { id: 1, name: 'Ärzte GmbH', email: 'a@b.de' },
        { id: 2, name: 'Other', tax_id: 'XY-1' },
        { id: 3, name: 'globex', address: 'Main Road\nSpringfield' },
      ],
      'client',
    );
    fc.assert(
      fc.property(fc.string(), (text) => {
        const found = filterParties(parties, text);
        expect(found.every((party) => parties.includes(party))).toBe(true);
        if (text.trim() === '') expect(found).toEqual(parties);
      }),
    );
  });

  it('reads the first and last lines of a block (the name, and what the search looks for)', () => {
    expect(firstLine('  Acme \r\n1 High Street')).toBe('Acme');
    expect(lastLine('Acme\nGlo ')).toBe('Glo');
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(firstLine(text)).toBe(firstLine(text).trim());
        expect(lastLine(text)).toBe(lastLine(text).trim());
      }),
    );
  });
});
