import type { CurrencyCode } from '@invoicer/domain/currencies';
import { addDays } from '@invoicer/domain/dates';
import type { BuyerField, SellerField } from './einvoice-fields';
import { DUE_DAYS, newLineItem, type AdjustmentType, type InvoiceFormValues, type LineItem } from './invoice-form';
import { applyPickedParty, type FilledByPick } from './picked-party';

export type AdjustmentKey = 'tax' | 'discount' | 'shipping';
export type TextField = 'invoiceNumber' | 'from' | 'to' | 'paymentDetails' | 'terms' | 'logoUrl';

export interface EditorState {
  values: InvoiceFormValues;
  /**
   * What Tax / Discount / Shipping held when toggled off, restored when toggled on
   * (docs/product/states-and-transitions.md#tax-discount-and-shipping-switches).
   */
  remembered: Record<AdjustmentKey, string>;
  /** The e-invoice details the last chosen business (from) and client (to) filled in (see applyPickedParty). */
  filledByPick: Record<'from' | 'to', FilledByPick>;
  /** The user set "Apply discounts before tax" on this form: the account's default no longer changes it. */
  discountChosen: boolean;
  /**
   * The language of this form without a client's (null: English): the account's default once known, else the one the
   * form started in (docs/decisions/0075-the-account-default-language.md).
   */
  defaultLanguage: string | null;
  /** The chosen client's preferred language (null: none, or no client chosen). */
  clientLanguage: string | null;
}

export type EditorAction =
  | { type: 'setText'; field: TextField; value: string }
  /** From or To with the chosen business / client (null: typed by hand, or no longer the chosen one). */
  | {
      type: 'setParty';
      side: 'from' | 'to';
      value: string;
      partyId: string | null;
      /** The chosen client's preferred language: the invoice's, unless the user picked one. */
      language?: string | null;
      /** The chosen party's record as the server sent it: its e-invoice details fill the seller or buyer. */
      picked?: Record<string, unknown>;
    }
  /** The user's pick in the language picker (null: back to automatic, the client's, else the form's default). */
  | { type: 'setLanguage'; language: string | null }
  | { type: 'setCurrency'; currency: CurrencyCode }
  /** The invoice's own template or accent colour (null: the account's). */
  | { type: 'setLook'; patch: Partial<Pick<InvoiceFormValues, 'template' | 'accentColor' | 'paper'>> }
  | { type: 'setIssuedDate'; value: string }
  | { type: 'setDueDate'; value: string }
  | { type: 'updateItem'; id: string; patch: Partial<Omit<LineItem, 'id'>> }
  | { type: 'addItem'; item?: LineItem }
  | { type: 'removeItem'; id: string }
  | { type: 'moveItem'; activeId: string; overId: string }
  | { type: 'setAdjustment'; key: AdjustmentKey; value: string }
  | { type: 'toggleAdjustment'; key: AdjustmentKey; on: boolean }
  | { type: 'setAdjustmentType'; key: 'tax' | 'discount'; kind: AdjustmentType }
  /** One field of the e-invoice seller or buyer (the contract's name). */
  | { type: 'setPartyDetail'; role: 'seller'; field: SellerField; value: string }
  | { type: 'setPartyDetail'; role: 'buyer'; field: BuyerField; value: string }
  | { type: 'setBank'; field: 'iban' | 'bic'; value: string }
  | { type: 'setVatPerLine'; on: boolean }
  | { type: 'setDiscountBeforeTax'; on: boolean }
  /**
   * The account's defaults for a new invoice: "Apply discounts before tax" applies unless the user already set it; the
   * language (null: English) unless the user picked one or the chosen client has its own.
   */
  | { type: 'accountDefaults'; discountBeforeTax: boolean; language: string | null }
  | { type: 'replace'; values: InvoiceFormValues };

const valueField = { tax: 'taxPercent', discount: 'discountPercent', shipping: 'shippingAmount' } as const;
const showField = { tax: 'showTax', discount: 'showDiscount', shipping: 'showShipping' } as const;
const typeField = { tax: 'taxType', discount: 'discountType' } as const;

export function initEditorState(values: InvoiceFormValues): EditorState {
  return {
    values,
    remembered: { tax: values.taxPercent, discount: values.discountPercent, shipping: values.shippingAmount },
    filledByPick: { from: {}, to: {} },
    discountChosen: false,
    defaultLanguage: values.clientId === null && !values.languageChosen ? values.language : null,
    clientLanguage: null,
  };
}

/** A form's language unless the user picked one: the chosen client's, else the form's default. */
function automaticLanguage(state: EditorState): string | null {
  return state.clientLanguage ?? state.defaultLanguage;
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  const { values } = state;
  const set = (patch: Partial<InvoiceFormValues>): EditorState => ({ ...state, values: { ...values, ...patch } });

  switch (action.type) {
    case 'setText':
      return set({ [action.field]: action.value });
    case 'setParty': {
      const picked =
        action.partyId !== null && action.picked
          ? applyPickedParty(values, action.side, action.picked, state.filledByPick[action.side])
          : null;
      const withPick = picked
        ? { ...state, filledByPick: { ...state.filledByPick, [action.side]: picked.filled } }
        : state;
      if (action.side === 'from') {
        return {
          ...withPick,
          values: { ...values, ...picked?.patch, from: action.value, businessId: action.partyId },
        };
      }
      // A chosen client decides the language (its own, else the form's default) unless the user picked one; text
      // typed by hand changes nothing.
      const chosen = action.partyId !== null;
      const clientLanguage = chosen ? (action.language ?? null) : withPick.clientLanguage;
      const language =
        chosen && !values.languageChosen ? { language: automaticLanguage({ ...withPick, clientLanguage }) } : {};
      return {
        ...withPick,
        clientLanguage,
        values: { ...values, ...picked?.patch, to: action.value, clientId: action.partyId, ...language },
      };
    }
    case 'setLanguage':
      // "Automatic" hands the choice back: the chosen client's, else the form's default, so the
      // preview shows what the save stores (a new invoice saved without one gets the same, ADR 75).
      return action.language === null
        ? set({ language: automaticLanguage(state), languageChosen: false })
        : set({ language: action.language, languageChosen: true });
    case 'setCurrency':
      return set({ currency: action.currency });
    case 'setLook':
      return set(action.patch);
    case 'setIssuedDate': {
      // The due date follows the issued date while it is still the default (issued + 7 days) or empty.
      const dueIsDefault = !values.dueDate || values.dueDate === addDays(values.issuedDate, DUE_DAYS);
      return set({
        issuedDate: action.value,
        ...(dueIsDefault && action.value ? { dueDate: addDays(action.value, DUE_DAYS) } : {}),
      });
    }
    case 'setDueDate':
      return set({ dueDate: action.value });
    case 'updateItem':
      // Only the edited item gets a new object, so only its row re-renders.
      return set({ items: values.items.map((item) => (item.id === action.id ? { ...item, ...action.patch } : item)) });
    case 'addItem': {
      // With VAT per line a new line starts with the last line's category and rate: most lines share them.
      const last = values.items.at(-1);
      const vat: Partial<LineItem> = values.vatPerLine
        ? { vatCategory: last?.vatCategory || 'S', vatRate: last ? (last.vatRate ?? '') : '', vatExemptionReason: '' }
        : {};
      return set({ items: [...values.items, action.item ?? { ...newLineItem(), ...vat }] });
    }
    case 'removeItem':
      return set({ items: values.items.filter((item) => item.id !== action.id) });
    case 'moveItem': {
      const from = values.items.findIndex((item) => item.id === action.activeId);
      const to = values.items.findIndex((item) => item.id === action.overId);
      if (from < 0 || to < 0 || from === to) return state;
      const items = [...values.items];
      const [moved] = items.splice(from, 1);
      items.splice(to, 0, moved!);
      return set({ items });
    }
    case 'setAdjustment':
      return set({ [valueField[action.key]]: action.value });
    case 'toggleAdjustment': {
      const field = valueField[action.key];
      if (values[showField[action.key]] === action.on) return state;
      if (!action.on) {
        return {
          ...state,
          remembered: { ...state.remembered, [action.key]: values[field] },
          values: { ...values, [showField[action.key]]: false, [field]: '0' },
        };
      }
      return set({ [showField[action.key]]: true, [field]: state.remembered[action.key] || '0' });
    }
    case 'setAdjustmentType':
      // Switching percent and fixed resets the value: 10 (%) does not mean 10 (€)
      // (docs/product/states-and-transitions.md#tax-discount-and-shipping-switches).
      if (values[typeField[action.key]] === action.kind) return state;
      return set({ [typeField[action.key]]: action.kind, [valueField[action.key]]: '0' });
    case 'setPartyDetail':
      return action.role === 'seller'
        ? set({ seller: { ...values.seller, [action.field]: action.value } })
        : set({ buyer: { ...values.buyer, [action.field]: action.value } });
    case 'setBank':
      return set({ [action.field]: action.value });
    case 'setVatPerLine':
      if (values.vatPerLine === action.on) return state;
      if (!action.on) return set({ vatPerLine: false });
      return set({
        vatPerLine: true,
        // Every line needs a category (ADR 69); standard rate is the common case. The tax row stays on so the
        // PDF prints the VAT (ADR 69, "Not done").
        items: values.items.map((item) => (item.vatCategory ? item : { ...item, vatCategory: 'S' as const })),
        showTax: true,
      });
    case 'setDiscountBeforeTax':
      return { ...set({ discountBeforeTax: action.on }), discountChosen: true };
    case 'accountDefaults': {
      const next = { ...state, defaultLanguage: action.language };
      const language = values.languageChosen ? values.language : automaticLanguage(next);
      const discountBeforeTax = state.discountChosen ? values.discountBeforeTax : action.discountBeforeTax;
      if (language === values.language && discountBeforeTax === values.discountBeforeTax) return next;
      return { ...next, values: { ...values, language, discountBeforeTax } };
    }
    case 'replace':
      return initEditorState(action.values);
  }
}
