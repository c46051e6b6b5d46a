import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { editorReducer, initEditorState, type EditorAction, type EditorState } from './editor-reducer';
import { createFreshForm, type LineItem } from './invoice-form';

const item = (id: string, name = id): LineItem => ({
  id,
  name,
  description: '',
  showDesc: false,
  quantity: '1',
  unit: '',
  unitCost: '10',
});

function stateWith(items: LineItem[]): EditorState {
  return initEditorState({ ...createFreshForm('2026-11-21'), items });
}

describe('editorReducer', () => {
  it('replaces only the edited item, so unchanged rows keep their objects (memoised rows skip rendering)', () => {
    const state = stateWith([item('a'), item('b'), item('c')]);
    const next = editorReducer(state, { type: 'updateItem', id: 'b', patch: { unitCost: '12' } });
    expect(next.values.items[0]).toBe(state.values.items[0]);
    expect(next.values.items[2]).toBe(state.values.items[2]);
    expect(next.values.items[1]).toEqual({ ...item('b'), unitCost: '12' });
  });

  it('moves the due date with the issued date while it is the default (issued + 7 days), not once chosen', () => {
    let state = stateWith([item('a')]);
    expect(state.values.dueDate).toBe('2026-11-28');
    state = editorReducer(state, { type: 'setIssuedDate', value: '2026-12-30' });
    expect(state.values.dueDate).toBe('2027-01-06');
    state = editorReducer(state, { type: 'setDueDate', value: '2027-02-01' });
    state = editorReducer(state, { type: 'setIssuedDate', value: '2027-01-10' });
    expect(state.values.dueDate).toBe('2027-02-01');
  });

  it('remembers an adjustment switched off and brings it back when switched on', () => {
    let state = stateWith([item('a')]);
    state = editorReducer(state, { type: 'toggleAdjustment', key: 'tax', on: true });
    state = editorReducer(state, { type: 'setAdjustment', key: 'tax', value: '7.5' });
    state = editorReducer(state, { type: 'toggleAdjustment', key: 'tax', on: false });
    expect(state.values).toMatchObject({ showTax: false, taxPercent: '0' });
    state = editorReducer(state, { type: 'toggleAdjustment', key: 'tax', on: true });
    expect(state.values).toMatchObject({ showTax: true, taxPercent: '7.5' });
  });

  it('resets the value when percent and fixed are switched: 10 % is not 10 €', () => {
    let state = stateWith([item('a')]);
    state = editorReducer(state, { type: 'setAdjustment', key: 'discount', value: '10' });
    state = editorReducer(state, { type: 'setAdjustmentType', key: 'discount', kind: 'fixed' });
    expect(state.values).toMatchObject({ discountType: 'fixed', discountPercent: '0' });
    const same = editorReducer(state, { type: 'setAdjustmentType', key: 'discount', kind: 'fixed' });
    expect(same).toBe(state);
  });

  it('links and unlinks the chosen client and business with the text of From and To', () => {
    let state = stateWith([item('a')]);
    state = editorReducer(state, { type: 'setParty', side: 'to', value: 'Globex\nMain Road', partyId: 'c1' });
    state = editorReducer(state, { type: 'setParty', side: 'from', value: 'Acme', partyId: 'b1' });
    expect(state.values).toMatchObject({ to: 'Globex\nMain Road', clientId: 'c1', from: 'Acme', businessId: 'b1' });
    state = editorReducer(state, { type: 'setParty', side: 'to', value: 'Someone else', partyId: null });
    expect(state.values.clientId).toBeNull();
  });

  it('keeps the same items, each once, whatever rows are moved, added and removed', () => {
    const ids = ['a', 'b', 'c', 'd', 'e'];
    const action: fc.Arbitrary<EditorAction> = fc.oneof(
      fc
        .tuple(fc.constantFrom(...ids), fc.constantFrom(...ids))
        .map(([activeId, overId]) => ({ type: 'moveItem', activeId, overId }) as const),
      fc.constantFrom(...ids).map((id) => ({ type: 'removeItem', id }) as const),
      fc.constantFrom('x', 'y').map((id) => ({ type: 'addItem', item: item(id) }) as const),
      fc.constantFrom(...ids).map((id) => ({ type: 'updateItem', id, patch: { name: `${id}!` } }) as const),
    );
    fc.assert(
      fc.property(fc.array(action, { maxLength: 30 }), (actions) => {
        let state = stateWith(ids.map((id) => item(id)));
        const expected = new Set(ids);
        for (const next of actions) {
          state = editorReducer(state, next);
          if (next.type === 'removeItem') expected.delete(next.id);
          if (next.type === 'addItem') expected.add(next.item!.id);
        }
        const seen = state.values.items.map((row) => row.id);
        // Adding an id already there (x twice) gives two rows with it; every other id is there once.
        expect(new Set(seen)).toEqual(expected);
        for (const id of ids) expect(seen.filter((s) => s === id).length).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('a move puts the moved row where the other one was', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 4 }), (from, to) => {
        const ids = ['a', 'b', 'c', 'd', 'e'];
        const state = stateWith(ids.map((id) => item(id)));
        const next = editorReducer(state, { type: 'moveItem', activeId: ids[from]!, overId: ids[to]! });
        expect(next.values.items[to]!.id).toBe(ids[from]);
        if (from === to) expect(next).toBe(state);
      }),
    );
  });

  it('starts again from the values given by replace (a draft loaded from the browser)', () => {
    const state = editorReducer(stateWith([item('a')]), { type: 'setAdjustment', key: 'tax', value: '5' });
    const loaded = { ...createFreshForm('2026-01-01'), taxPercent: '3' };
    expect(editorReducer(state, { type: 'replace', values: loaded })).toEqual(initEditorState(loaded));
  });
});

describe('the document language (docs/decisions/0061-the-document-language.md)', () => {
  const pick = (state: EditorState, language: string | null | undefined): EditorState =>
    editorReducer(state, {
      type: 'setParty',
      side: 'to',
      value: 'Müller GmbH',
      partyId: 'client-1',
      ...(language !== undefined ? { language } : {}),
    });

  it('takes the chosen client’s preferred language until the user picks one', () => {
    let state = initEditorState(createFreshForm('2026-11-21', 'EUR', 'de'));
    state = pick(state, 'fr');
    expect(state.values.language).toBe('fr');
    state = pick(state, null); // a client without one: the form's default (here the language it started in)
    expect(state.values.language).toBe('de');
    state = pick(state, 'fr');
    state = editorReducer(state, { type: 'setLanguage', language: 'ja' });
    expect(state.values).toMatchObject({ language: 'ja', languageChosen: true });
    state = pick(state, 'fr');
    expect(state.values.language).toBe('ja');
    // Back to automatic: the chosen client's language (fr) at once, and the next client's applies again.
    state = editorReducer(state, { type: 'setLanguage', language: null });
    expect(state.values).toMatchObject({ language: 'fr', languageChosen: false });
    expect(pick(state, 'es').values.language).toBe('es');
    // Without a client: the form's default (ADR 75), null for English.
    const fresh = editorReducer(initEditorState(createFreshForm('2026-11-21')), {
      type: 'accountDefaults',
      discountBeforeTax: true,
      language: 'sv',
    });
    const picked = editorReducer(fresh, { type: 'setLanguage', language: 'pl' });
    expect(editorReducer(picked, { type: 'setLanguage', language: null }).values).toMatchObject({
      language: 'sv',
      languageChosen: false,
    });
    const english = editorReducer(initEditorState(createFreshForm('2026-11-21')), {
      type: 'setLanguage',
      language: 'pl',
    });
    expect(editorReducer(english, { type: 'setLanguage', language: null }).values.language).toBeNull();
  });

  it("the account's default (ADR 75): the language of a form without a client's, never over the user's pick", () => {
    const defaults = (language: string | null) =>
      ({ type: 'accountDefaults', discountBeforeTax: true, language }) as const;
    // Started in the browser's language; the account's answer replaces it.
    let state = editorReducer(initEditorState(createFreshForm('2026-11-21', 'EUR', 'fr')), defaults('de'));
    expect(state.values).toMatchObject({ language: 'de', languageChosen: false });
    state = pick(state, 'ja');
    expect(state.values.language).toBe('ja');
    state = pick(state, null);
    expect(state.values.language).toBe('de');
    // An account in English (null) over a form started in the browser's language.
    expect(
      editorReducer(initEditorState(createFreshForm('2026-11-21', 'EUR', 'fr')), defaults(null)).values.language,
    ).toBeNull();
    // The answer after a client with its own language was chosen keeps the client's.
    const clientFirst = editorReducer(pick(initEditorState(createFreshForm('2026-11-21')), 'es'), defaults('de'));
    expect(clientFirst.values.language).toBe('es');
    expect(pick(clientFirst, null).values.language).toBe('de');
    // The user's pick stays, and later clients without a language leave it too.
    const picked = editorReducer(initEditorState(createFreshForm('2026-11-21')), {
      type: 'setLanguage',
      language: 'pl',
    });
    const answered = editorReducer(picked, defaults('de'));
    expect(answered.values).toMatchObject({ language: 'pl', languageChosen: true, discountBeforeTax: true });
    expect(pick(answered, null).values.language).toBe('pl');
  });

  it('a typed recipient (no client) leaves the language alone', () => {
    const state = initEditorState(createFreshForm('2026-11-21'));
    const typed = editorReducer(state, { type: 'setParty', side: 'to', value: 'x', partyId: null, language: 'fr' });
    expect(typed.values.language).toBeNull();
  });
});
