import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashLinkToken, isLinkToken, newLinkToken, sealLinkToken, unsealLinkToken } from './public-links';

describe('public link tokens (docs/decisions/0046-public-invoice-links-and-activity.md)', () => {
  it('makes a new 24-character base64url token each time', () => {
    const tokens = new Set(Array.from({ length: 1000 }, newLinkToken));
    expect(tokens.size).toBe(1000);
    for (const token of tokens) expect(isLinkToken(token)).toBe(true);
  });

  it('hashes a token with SHA-256', () => {
    expect(hashLinkToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('seals a token so that only the same key and invoice open it', () => {
    const key = randomBytes(32);
    const invoiceId = randomUUID();
    const token = newLinkToken();
    const sealed = sealLinkToken(key, invoiceId, token);
    expect(sealed.includes(Buffer.from(token))).toBe(false);
    expect(sealLinkToken(key, invoiceId, token).equals(sealed)).toBe(false); // a fresh nonce every time
    expect(unsealLinkToken(key, invoiceId, sealed)).toBe(token);
    expect(unsealLinkToken(randomBytes(32), invoiceId, sealed)).toBeNull();
    expect(unsealLinkToken(key, randomUUID(), sealed)).toBeNull();
    const tampered = Buffer.from(sealed);
    tampered[14] = tampered[14]! ^ 1;
    expect(unsealLinkToken(key, invoiceId, tampered)).toBeNull();
    expect(unsealLinkToken(key, invoiceId, Buffer.alloc(10))).toBeNull();
  });
});
