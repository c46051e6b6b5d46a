import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isSecureRequest } from '../../plugins/session';

/**
 * The sign-in device cookie (OWASP "Slow Down Online Guessing Attacks with Device Cookies",
 * ADR 0013). A browser that has signed in to an account keeps a cookie naming that account and a
 * random device id, signed with the server's key (server_secrets, the same in every process).
 * Failed sign-ins from such a browser count against that device only; everyone else's count
 * against the account's "untrusted clients", so guessing someone's password from elsewhere locks
 * out only browsers that never signed in to the account, never its owner's.
 *
 * Value: `d1~<entry>~<entry>...`, an entry `<account>.<device>.<mac>` where account is the
 * SHA-256 of the lower-cased e-mail address (the cookie names no address), device 16 random
 * bytes, mac the HMAC-SHA256 of `d1.<account>.<device>`; all base64url. Up to five accounts per
 * browser, the last signed in first.
 */

export const DEVICE_COOKIE = 'device';
const VERSION = 'd1';
const MAX_ACCOUNTS = 5;
/** A year: the browser stays known while it is used now and then. */
export const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
const ENTRY = /^([A-Za-z0-9_-]{43})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

interface DeviceEntry {
  account: string;
  device: string;
  mac: string;
}

/** The account as the cookie and the counters name it: SHA-256 of the trimmed, lower-cased address. */
export function accountDigest(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');
}

function mac(key: Buffer, account: string, device: string): string {
  return createHmac('sha256', key).update(`${VERSION}.${account}.${device}`).digest('base64url');
}

function isGenuine(key: Buffer, entry: DeviceEntry): boolean {
  const expected = Buffer.from(mac(key, entry.account, entry.device));
  const given = Buffer.from(entry.mac);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The entries of a cookie whose signature holds; anything malformed or forged is dropped. */
function genuineEntries(key: Buffer, raw: string | undefined): DeviceEntry[] {
  if (!raw || raw.length > 1024) return [];
  const [version, ...parts] = raw.split('~');
  if (version !== VERSION) return [];
  const entries: DeviceEntry[] = [];
  for (const part of parts.slice(0, MAX_ACCOUNTS)) {
    const match = ENTRY.exec(part);
    if (!match) continue;
    const entry = { account: match[1]!, device: match[2]!, mac: match[3]! };
    if (isGenuine(key, entry)) entries.push(entry);
  }
  return entries;
}

/** The id of this browser for the account, when it carries a genuine device cookie for it; else null. */
export function knownDevice(request: FastifyRequest, key: Buffer, account: string): string | null {
  return genuineEntries(key, request.cookies[DEVICE_COOKIE]).find((entry) => entry.account === account)?.device ?? null;
}

/**
 * After a successful sign-in or sign-up: the browser is known for the account from now on. An
 * existing device id is kept (its failures stay counted), the account moves to the front.
 */
export function rememberDevice(request: FastifyRequest, reply: FastifyReply, key: Buffer, account: string): void {
  const entries = genuineEntries(key, request.cookies[DEVICE_COOKIE]);
  const device = entries.find((entry) => entry.account === account)?.device ?? randomBytes(16).toString('base64url');
  const mine: DeviceEntry = { account, device, mac: mac(key, account, device) };
  const kept = [mine, ...entries.filter((entry) => entry.account !== account)].slice(0, MAX_ACCOUNTS);
  const value = [VERSION, ...kept.map((entry) => `${entry.account}.${entry.device}.${entry.mac}`)].join('~');
  reply.setCookie(DEVICE_COOKIE, value, {
    httpOnly: true,
    // Only the sign-in call reads it, always from our own pages.
    sameSite: 'strict',
    path: '/api/auth',
    secure: isSecureRequest(request),
    maxAge: DEVICE_COOKIE_MAX_AGE_S,
  });
}
