import { randomBytes } from 'node:crypto';
import { AUTH_MESSAGES, newPasswordProblem } from '@invoicer/domain/api/auth';
import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';
import { badRequest } from '../../plugins/errors';

/**
 * Password hashing: argon2id with OWASP's recommended parameters (19 MiB, 2 passes, 1 lane),
 * about 10 ms a hash on the development machine and still about 15 ms with both cores saturated
 * by other work, where 64 MiB settings swung between 100 and 600 ms (ADR 9). Passwords are
 * NFC-normalised first, so the same password typed on different systems verifies.
 */
export const ARGON2_OPTIONS = {
  algorithm: 2 as Algorithm, // Argon2id (a const enum in the bindings' types)
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} satisfies Options;

const CURRENT_PREFIX = `$argon2id$v=19$m=${ARGON2_OPTIONS.memoryCost},t=${ARGON2_OPTIONS.timeCost},p=${ARGON2_OPTIONS.parallelism}$`;

const normalize = (password: string) => password.normalize('NFC');

export function hashPassword(password: string): Promise<string> {
  return hash(normalize(password), ARGON2_OPTIONS);
}

/** A hash of a random password, so an unknown e-mail costs the same work as a wrong password. */
let dummyHash: Promise<string> | undefined;
function getDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(24).toString('base64url'));
  return dummyHash;
}

/**
 * True when `password` matches `stored`. Without a stored hash (unknown e-mail, Google-only
 * account) it still runs one verification against a dummy hash and answers false, so the
 * answer takes as long either way.
 */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  try {
    if (!stored) {
      await verify(await getDummyHash(), normalize(password));
      return false;
    }
    return await verify(stored, normalize(password));
  } catch {
    return false; // a malformed stored hash never signs anyone in
  }
}

/** A hash made with older parameters is replaced at the next successful sign-in. */
export function needsRehash(stored: string): boolean {
  return !stored.startsWith(CURRENT_PREFIX);
}

/**
 * The most common passwords: the 49,233 of @zxcvbn-ts/language-common (lists of leaked passwords,
 * ranked, lower case; MIT), shipped by npm install and read from disk, never fetched. Loaded on
 * first use (about 150 ms to decompress) and kept as a set; every entry that the length rule
 * would let through (6 or more characters, 42,692 of them) can be refused.
 */
let commonPasswords: Promise<ReadonlySet<string>> | undefined;
function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'] as string[]),
  );
  return commonPasswords;
}

/** True when the password, in any case and without surrounding spaces, is on the common list. */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await loadCommonPasswords()).has(password.normalize('NFC').trim().toLowerCase());
}

/**
 * Refuses a new password (sign-up, password change) with a 400 whose message the forms show:
 * the domain's rules (length, not only white space, not the account's e-mail address), then the
 * common-password list. Cheap checks only: called before any hashing.
 */
export async function assertNewPasswordAllowed(password: string, email: string): Promise<void> {
  const problem =
    newPasswordProblem(password, email) ??
    ((await isCommonPassword(password)) ? AUTH_MESSAGES.passwordTooCommon : null);
  if (problem) throw badRequest(problem, [problem]);
}
