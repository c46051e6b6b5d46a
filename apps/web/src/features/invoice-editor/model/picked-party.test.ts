import { BUSINESS_PARTY_FIELDS, CLIENT_PARTY_FIELDS } from '@invoicer/domain/api/einvoice-fields';
import { describe, expect, it } from 'vitest';
import { editorReducer, initEditorState, type EditorState } from './editor-reducer';
import { createFreshForm } from './invoice-form';
import { BUYER_FROM_CLIENT, SELLER_FROM_BUSINESS } from './picked-party';

/** GET /api/clients rows as the picker hands them over ('' where the client has none). */
const CLIENT_A = {
  id: 'client-a',
  name: 'Kunde AG',
  email: 'rechnung@kunde.example',
  phone: '+49 89 1',
  address: 'Ring 5\n80331 München',
  tax_id: '',
  preferred_language: null,
  street: 'Ring 5',
  additional_street: '',
  postcode: '80331',
  city: 'München',
  region: '',
  country: 'DE',
  vat_id: 'DE987654321',
  company_id: '',
  endpoint_id: '04011000-12345-03',
  endpoint_scheme: '0204',
  buyer_reference: '04011000-12345-03',
  invoice_count: 0,
};
const CLIENT_B = {
  ...CLIENT_A,
  id: 'client-b',
  name: 'Client SARL',
  email: 'compta@client.example',
  street: '',
  postcode: '',
  city: 'Lyon',
  country: 'FR',
  vat_id: '',
  endpoint_id: '',
  endpoint_scheme: '',
  buyer_reference: '',
};
/** A client saved before e-invoice details existed: every structured field ''. */
const PLAIN_CLIENT = {
  ...CLIENT_B,
  id: 'client-plain',
  name: 'Plain Ltd',
  email: 'plain@example.com',
  city: '',
  country: '',
};
const BUSINESS = {
  id: 'business-1',
  name: 'Muster GmbH',
  email: 'billing@muster.example',
  phone: '+49 30 123456',
  address: 'Hauptstr. 1',
  tax_id: '',
  logo_url: null,
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
  account_holder: '',
  street: 'Hauptstr. 1',
  additional_street: '',
  postcode: '10115',
  city: 'Berlin',
  region: '',
  country: 'DE',
  vat_id: 'DE123456789',
  company_id: 'HRB 12345',
  endpoint_id: '',
  endpoint_scheme: '',
  invoice_count: 3,
};

const fresh = () => initEditorState(createFreshForm('2026-11-28'));
const pick = (state: EditorState, side: 'from' | 'to', picked: Record<string, unknown>) =>
  editorReducer(state, {
    type: 'setParty',
    side,
    value: `${String(picked.name)}\n…`,
    partyId: String(picked.id),
    picked,
  });
const typeBuyer = (state: EditorState, field: 'vat_id' | 'city' | 'country', value: string) =>
  editorReducer(state, { type: 'setPartyDetail', role: 'buyer', field, value });

describe('choosing a saved client or business fills the e-invoice details (issue 17)', () => {
  it('reads every structured field the contract stores on businesses and clients', () => {
    expect([...SELLER_FROM_BUSINESS].sort()).toEqual([...BUSINESS_PARTY_FIELDS, 'name', 'email', 'phone'].sort());
    expect([...BUYER_FROM_CLIENT].sort()).toEqual([...CLIENT_PARTY_FIELDS, 'name', 'email'].sort());
  });

  it('a client fills the buyer with the fields it has, and the To text and id as before', () => {
    const state = pick(fresh(), 'to', CLIENT_A);
    expect(state.values.buyer).toEqual({
      name: 'Kunde AG',
      street: 'Ring 5',
      additional_street: '',
      postcode: '80331',
      city: 'München',
      region: '',
      country: 'DE',
      vat_id: 'DE987654321',
      company_id: '',
      email: 'rechnung@kunde.example',
      endpoint_id: '04011000-12345-03',
      endpoint_scheme: '0204',
      buyer_reference: '04011000-12345-03',
    });
    expect(state.values.clientId).toBe('client-a');
    expect(state.values.to).toBe('Kunde AG\n…');
    // The seller and the bank details are the business's, not the client's.
    expect(state.values.seller).toEqual(fresh().values.seller);
    expect(state.values.iban).toBe('');
  });

  it('keeps what the user typed where the client has nothing, and takes the client’s value where it has one', () => {
    let state = typeBuyer(fresh(), 'vat_id', 'FR12345678901');
    state = typeBuyer(state, 'city', 'Paris');
    state = pick(state, 'to', CLIENT_B);
    expect(state.values.buyer).toMatchObject({ vat_id: 'FR12345678901', city: 'Lyon', country: 'FR' });
  });

  it('switching clients leaves none of the previous client’s details behind, but keeps the user’s edits', () => {
    let state = pick(fresh(), 'to', CLIENT_A);
    state = typeBuyer(state, 'city', 'München-Pasing'); // the user's own change
    state = pick(state, 'to', CLIENT_B);
    expect(state.values.buyer).toMatchObject({
      name: 'Client SARL',
      email: 'compta@client.example',
      street: '',
      postcode: '',
      city: 'Lyon', // B has one: B's
      country: 'FR',
      vat_id: '',
      endpoint_id: '',
      endpoint_scheme: '',
      buyer_reference: '',
    });
    state = typeBuyer(pick(state, 'to', CLIENT_A), 'vat_id', 'DE111111111');
    state = pick(state, 'to', PLAIN_CLIENT);
    // What A filled follows the pick (Plain's name and e-mail, none of A's address); the VAT number typed stays.
    expect(state.values.buyer).toMatchObject({
      name: 'Plain Ltd',
      email: 'plain@example.com',
      country: '',
      street: '',
      buyer_reference: '',
      vat_id: 'DE111111111',
    });
  });

  it('a client without e-invoice details changes none of them (the body stays as it was)', () => {
    const before = fresh();
    const state = pick(before, 'to', PLAIN_CLIENT);
    expect(state.values.buyer).toEqual(before.values.buyer);
    expect(state.filledByPick.to).toEqual({});
  });

  it('a business fills the seller, and its IBAN and BIC only where the invoice has none', () => {
    let state = editorReducer(fresh(), { type: 'setBank', field: 'bic', value: 'MYBICXXX' });
    state = pick(state, 'from', BUSINESS);
    expect(state.values.seller).toMatchObject({
      name: 'Muster GmbH',
      email: 'billing@muster.example',
      phone: '+49 30 123456',
      street: 'Hauptstr. 1',
      postcode: '10115',
      city: 'Berlin',
      country: 'DE',
      vat_id: 'DE123456789',
      company_id: 'HRB 12345',
      contact_name: '',
    });
    expect(state.values.iban).toBe('DE89370400440532013000');
    expect(state.values.bic).toBe('MYBICXXX');
    expect(state.values.buyer).toEqual(fresh().values.buyer);
    // Another business without bank details takes the first one's IBAN away (it was the pick's, not the user's).
    state = pick(state, 'from', { ...BUSINESS, id: 'business-2', iban: '', bic: '', vat_id: 'DE222222222' });
    expect(state.values).toMatchObject({ iban: '', bic: 'MYBICXXX' });
    expect(state.values.seller.vat_id).toBe('DE222222222');
  });

  it('typing a party by hand (no record) changes no details', () => {
    const state = pick(fresh(), 'to', CLIENT_A);
    const typed = editorReducer(state, { type: 'setParty', side: 'to', value: 'Someone else', partyId: null });
    expect(typed.values.buyer).toEqual(state.values.buyer);
  });
});

describe('"Apply discounts before tax" from the account (issue 17)', () => {
  it('the account default applies to a form the user has not set it on, and never over the user’s choice', () => {
    const defaults = { type: 'accountDefaults', discountBeforeTax: true, language: null } as const;
    const state = editorReducer(fresh(), defaults);
    expect(state.values.discountBeforeTax).toBe(true);
    const chosen = editorReducer(fresh(), { type: 'setDiscountBeforeTax', on: false });
    expect(editorReducer(chosen, defaults).values.discountBeforeTax).toBe(false);
    // Switching an adjustment keeps what the state knows beside the values.
    const toggled = editorReducer(chosen, { type: 'toggleAdjustment', key: 'tax', on: true });
    expect(toggled.discountChosen).toBe(true);
  });
});
