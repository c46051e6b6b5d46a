import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import {
  booleanQuerySchema,
  hasDisallowedCharacter,
  idParamSchema,
  MAX_PER_PAGE,
  optionalText,
  pageQueryShape,
  paginate,
  pageOffset,
  requiredEmail,
  requiredText,
  searchQuerySchema,
  textSchema,
  timestampSchema,
  userIdField,
} from './common';

const ID = '3f2b8c1e-9a4d-4e6f-8b1a-2c3d4e5f6a7b';
const message = (result: z.ZodSafeParseResult<unknown>) => result.error?.issues[0]?.message;

describe('common schemas', () => {
  it('accepts only UUIDs as ids', () => {
    expect(idParamSchema.parse({ id: ID })).toEqual({ id: ID });
    expect(message(idParamSchema.safeParse({ id: '1' }))).toBe('Id must be a valid id.');
    expect(message(idParamSchema.safeParse({ id: `${ID}' or 1=1` }))).toBe('Id must be a valid id.');
  });

  it('coerces page and per_page from the query, with defaults and a cap', () => {
    const query = z.object(pageQueryShape(10));
    expect(query.parse({})).toEqual({ page: 1, per_page: 10 });
    expect(query.parse({ page: '3', per_page: '5' })).toEqual({ page: 3, per_page: 5 });
    expect(query.parse({ page: '', per_page: ' ' })).toEqual({ page: 1, per_page: 10 });
    expect(query.parse({ per_page: '100000' })).toEqual({ page: 1, per_page: MAX_PER_PAGE });
    expect(message(query.safeParse({ page: '0' }))).toBe('Page must be a whole number, 1 or more.');
    expect(message(query.safeParse({ page: '-2' }))).toBe('Page must be a whole number, 1 or more.');
    expect(message(query.safeParse({ per_page: '2.5' }))).toBe('Per page must be a whole number, 1 or more.');
    expect(message(query.safeParse({ page: ['1', '2'] }))).toBe('Page must be a whole number.');
    expect(message(query.safeParse({ page: '99999999999999999999' }))).toBe('Page must be a whole number, 1 or more.');
  });

  it('builds pagination', () => {
    expect(paginate(1, 10, 0)).toEqual({ page: 1, per_page: 10, total: 0, pages: 1, has_prev: false, has_next: false });
    expect(paginate(2, 10, 25)).toEqual({ page: 2, per_page: 10, total: 25, pages: 3, has_prev: true, has_next: true });
    expect(paginate(3, 10, 25).has_next).toBe(false);
    expect(pageOffset(3, 10)).toBe(20);
  });

  it('accepts user_id for compatibility, as text', () => {
    expect(userIdField.parse(undefined)).toBeUndefined();
    expect(userIdField.parse('')).toBeUndefined();
    expect(userIdField.parse(null)).toBeUndefined();
    expect(userIdField.parse(` ${ID} `)).toBe(ID);
    expect(userIdField.parse(42)).toBe('42');
    expect(userIdField.safeParse({}).success).toBe(false);
  });

  it('reads search text and flags', () => {
    expect(searchQuerySchema.parse(undefined)).toBe('');
    expect(searchQuerySchema.parse('  acme ')).toBe('acme');
    expect(searchQuerySchema.safeParse('x'.repeat(201)).success).toBe(false);
    expect(booleanQuerySchema.parse('true')).toBe(true);
    expect(booleanQuerySchema.parse('1')).toBe(true);
    expect(booleanQuerySchema.parse(undefined)).toBe(false);
    expect(booleanQuerySchema.parse('false')).toBe(false);
    expect(booleanQuerySchema.safeParse('yes').success).toBe(false);
  });

  it('refuses U+0000 and lone surrogates in every text building block, naming the field, and changes nothing else', () => {
    const schemas = [
      [textSchema('Notes'), 'Notes'],
      [requiredText('Name is required', 'Name', 200), 'Name'],
      [optionalText('Phone', 50), 'Phone'],
      [requiredEmail, 'Email'],
      [searchQuerySchema, 'Search'],
    ] as const;
    for (const [schema, label] of schemas) {
      for (const bad of ['a\u0000b', 'x\ud800y', 'x\udc00y', '\ud83d', 'a\ude00@b.co', '\udc00\ud800']) {
        expect(message(schema.safeParse(bad)), `${label} ${JSON.stringify(bad)}`).toBe(
          `${label} contains a character that is not allowed.`,
        );
      }
    }
    // A well-formed pair is one character, never refused; nothing is replaced.
    expect(requiredText('Name is required', 'Name', 200).parse(' A😀 ')).toBe('A😀');
    expect(requiredEmail.parse('😀@example.com')).toBe('😀@example.com');
    expect(hasDisallowedCharacter('\ud83d\ude00')).toBe(false);
    expect(hasDisallowedCharacter('\ude00\ud83d')).toBe(true);
    expect(message(userIdField.safeParse('a\ud800'))).toBe('user_id contains a character that is not allowed.');
  });

  it('serialises timestamps as ISO text', () => {
    expect(timestampSchema.parse(new Date('2026-11-21T10:00:00Z'))).toBe('2026-11-21T10:00:00.000Z');
    expect(timestampSchema.parse('2026-11-21T10:00:00Z')).toBe('2026-11-21T10:00:00Z');
  });
});
