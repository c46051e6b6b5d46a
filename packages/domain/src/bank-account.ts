/**
 * A business's bank account: IBAN (ISO 13616) and BIC (ISO 9362), checked and written the one way the
 * product knows (docs/decisions/0047-sepa-payment-qr.md). Input may carry spaces and lower case; what
 * is stored is the compact upper-case form, and an IBAN is printed in groups of four.
 */

/**
 * The length of an IBAN in each country of the SWIFT IBAN registry (release of December 2024). An
 * IBAN from a country not listed, or of another length, is refused.
 */
// prettier-ignore
export const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24, AE: 23, AL: 28, AT: 20, AZ: 28, BA: 20, BE: 16, BG: 22, BH: 22, BI: 27, BR: 29, BY: 28,
  CH: 21, CR: 22, CY: 28, CZ: 24, DE: 22, DJ: 27, DK: 18, DO: 28, EE: 20, EG: 29, ES: 24, FI: 18,
  FK: 18, FO: 18, FR: 27, GB: 22, GE: 22, GI: 23, GL: 18, GR: 27, GT: 28, HN: 28, HR: 21, HU: 28,
  IE: 22, IL: 23, IQ: 23, IS: 26, IT: 27, JO: 30, KW: 30, KZ: 20, LB: 28, LC: 32, LI: 21, LT: 20,
  LU: 20, LV: 21, LY: 25, MC: 27, MD: 24, ME: 22, MK: 19, MN: 20, MR: 27, MT: 31, MU: 30, NI: 28,
  NL: 18, NO: 15, OM: 23, PK: 24, PL: 28, PS: 29, PT: 25, QA: 29, RO: 24, RS: 22, RU: 33, SA: 24,
  SC: 31, SD: 18, SE: 24, SI: 19, SK: 24, SM: 27, SO: 23, ST: 25, SV: 28, TL: 23, TN: 24, TR: 26,
  UA: 29, VA: 22, VG: 24, XK: 20, YE: 30,
};

/**
 * Countries whose IBANs can receive a SEPA credit transfer: the EU and EEA, Switzerland, the United
 * Kingdom, Gibraltar, Monaco, San Marino, Vatican City, Andorra, and Albania, Montenegro, North
 * Macedonia and Moldova (in the scheme since 2025). Territories that use another country's IBAN
 * (Åland, the French overseas departments, the Crown Dependencies) are covered by that country.
 */
// prettier-ignore
export const SEPA_IBAN_COUNTRIES: ReadonlySet<string> = new Set([
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT', 'LT',
  'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
  'IS', 'LI', 'NO',
  'CH', 'GB', 'GI', 'MC', 'SM', 'VA', 'AD',
  'AL', 'ME', 'MK', 'MD',
]);

/** The longest IBAN any country has. */
export const IBAN_MAX_LENGTH = 34;

export const BANK_ACCOUNT_MESSAGES = {
  ibanCharacters: 'IBAN is not valid: use only letters and digits.',
  ibanStart: 'IBAN is not valid: it starts with a two-letter country code and two check digits.',
  ibanTooLong: `IBAN is not valid: an IBAN has at most ${IBAN_MAX_LENGTH} characters.`,
  ibanCountry: (country: string) => `IBAN is not valid: ${country} is not a country code that IBANs use.`,
  ibanLength: (country: string, expected: number, actual: number) =>
    `IBAN is not valid: an IBAN from ${country} has ${expected} characters, this one has ${actual}.`,
  ibanChecksum: 'IBAN is not valid: check the digits.',
  bicLength: 'BIC is not valid: a BIC has 8 or 11 letters and digits.',
  bicFormat:
    'BIC is not valid: 4 letters or digits for the bank, 2 letters for its country, 2 for the location, then an optional 3 for the branch.',
} as const;

export type BankCheck = { ok: true; value: string } | { ok: false; message: string };

/** What a user typed, without spaces and in upper case: `de89 3704 ...` is `DE893704...`. */
export function compactBankCode(text: string): string {
  return text.replace(/\s+/g, '').toUpperCase();
}

/** A letter's value in the ISO 7064 MOD 97-10 check: A is 10 ... Z is 35; a digit is itself. */
function characterValue(character: string): number {
  const code = character.charCodeAt(0);
  return code <= 57 ? code - 48 : code - 55;
}

/**
 * The remainder, modulo 97, of the compact IBAN read with its first four characters moved to the end
 * and letters as two-digit numbers (ISO 13616). A valid IBAN leaves 1. Computed digit by digit, so no
 * number grows past 9,700.
 */
export function ibanMod97(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const character of rearranged) {
    const value = characterValue(character);
    remainder = (remainder * (value < 10 ? 10 : 100) + value) % 97;
  }
  return remainder;
}

/** The two check digits that make `country` + digits + `bban` a valid IBAN. */
export function ibanCheckDigits(country: string, bban: string): string {
  const check = 98 - ibanMod97(`${country}00${bban}`);
  return String(check).padStart(2, '0');
}

/**
 * Checks an IBAN as typed: spaces and case do not matter; the country must use IBANs, the length
 * must be that country's and the check digits must hold (mod 97 leaves 1). Answers the compact form.
 */
export function checkIban(text: string): BankCheck {
  const iban = compactBankCode(text);
  if (!/^[A-Z0-9]*$/.test(iban)) return { ok: false, message: BANK_ACCOUNT_MESSAGES.ibanCharacters };
  if (iban.length > IBAN_MAX_LENGTH) return { ok: false, message: BANK_ACCOUNT_MESSAGES.ibanTooLong };
  if (!/^[A-Z]{2}[0-9]{2}/.test(iban)) return { ok: false, message: BANK_ACCOUNT_MESSAGES.ibanStart };
  const country = iban.slice(0, 2);
  const expected = IBAN_LENGTHS[country];
  if (expected === undefined) return { ok: false, message: BANK_ACCOUNT_MESSAGES.ibanCountry(country) };
  if (iban.length !== expected) {
    return { ok: false, message: BANK_ACCOUNT_MESSAGES.ibanLength(country, expected, iban.length) };
  }
  if (ibanMod97(iban) !== 1) return { ok: false, message: BANK_ACCOUNT_MESSAGES.ibanChecksum };
  return { ok: true, value: iban };
}

/** An IBAN in groups of four, as it is printed: `DE89 3704 0044 0532 0130 00`. */
export function formatIban(iban: string): string {
  return compactBankCode(iban).replace(/(.{4})(?=.)/g, '$1 ');
}

/** True for an IBAN whose country takes part in SEPA credit transfers. */
export function isSepaIban(iban: string): boolean {
  return SEPA_IBAN_COUNTRIES.has(iban.slice(0, 2));
}

/**
 * ISO 9362 as ISO 20022 messages take it: the party prefix (4 letters or digits), the country
 * (2 letters), the location (2 letters or digits) and an optional branch (3 letters or digits).
 */
const BIC_PATTERN = /^[A-Z0-9]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/;

/** Checks a BIC as typed (spaces and case do not matter); answers the compact form. */
export function checkBic(text: string): BankCheck {
  const bic = compactBankCode(text);
  if (bic.length !== 8 && bic.length !== 11) return { ok: false, message: BANK_ACCOUNT_MESSAGES.bicLength };
  if (!BIC_PATTERN.test(bic)) return { ok: false, message: BANK_ACCOUNT_MESSAGES.bicFormat };
  return { ok: true, value: bic };
}
