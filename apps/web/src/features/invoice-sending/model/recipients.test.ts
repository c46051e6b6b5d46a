import { SEND_MESSAGES } from '@invoicer/domain/api/sending';
import { describe, expect, it } from 'vitest';
import { addAddresses, recipientProblems, splitAddresses } from './recipients';

describe('the To field', () => {
  it('splits typed or pasted text on commas, semicolons, spaces and lines', () => {
    expect(splitAddresses(' a@example.com, b@example.com;c@example.com\nd@example.com  ')).toEqual([
      'a@example.com',
      'b@example.com',
      'c@example.com',
      'd@example.com',
    ]);
    expect(splitAddresses(' , ; ')).toEqual([]);
  });

  it('adds an address once, whatever its case', () => {
    expect(addAddresses(['a@example.com'], ['A@Example.com', 'b@example.com', 'b@example.com'])).toEqual([
      'a@example.com',
      'b@example.com',
    ]);
  });

  it('names every address that cannot be sent to, and an empty or long list', () => {
    expect(recipientProblems(['a@example.com'])).toEqual([]);
    expect(recipientProblems([])).toEqual([SEND_MESSAGES.toRequired]);
    expect(recipientProblems(['a@example.com', 'nope', 'x@y'])).toEqual([
      SEND_MESSAGES.invalidAddress('nope'),
      SEND_MESSAGES.invalidAddress('x@y'),
    ]);
    const eleven = Array.from({ length: 11 }, (_, n) => `r${n}@example.com`);
    expect(recipientProblems(eleven)).toEqual([SEND_MESSAGES.tooManyRecipients]);
  });
});
