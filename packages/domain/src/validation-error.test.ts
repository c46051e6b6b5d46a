import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { isGenericMessage, issueMessage, toErrorEnvelope } from './validation-error';

describe('toErrorEnvelope', () => {
  it('puts the first message in error and every message once in errors', () => {
    const schema = z.object({
      name: z.string().min(1, { error: 'Name is required' }),
      email: z.string().min(1, { error: 'Email is required' }),
      items: z.array(z.string({ error: 'Item must be text' })),
    });
    const result = schema.safeParse({ name: '', email: '', items: [1, 2, 3] });
    expect(toErrorEnvelope(result.error!)).toEqual({
      success: false,
      error: 'Name is required',
      errors: ['Name is required', 'Email is required', 'Item must be text'],
    });
  });

  it('caps the number of messages', () => {
    const schema = z.array(z.number().max(0, { error: (issue) => `Too much: ${String(issue.input)}` }));
    const envelope = toErrorEnvelope(schema.safeParse(Array.from({ length: 100 }, (_, i) => i + 1)).error!);
    expect(envelope.errors).toHaveLength(20);
    expect(envelope.error).toBe('Too much: 1');
  });

  it("rewrites zod's generic texts into field messages", () => {
    const schema = z.object({
      first_name: z.string(),
      count: z.number().max(5),
      tags: z.array(z.string()).min(1),
      kind: z.enum(['a', 'b']),
      homeAddress: z.string().max(3),
      contact: z.email(),
      nested: z.object({ items: z.array(z.object({ unit_cost: z.number() })) }),
    });
    const result = schema.safeParse({
      first_name: 1,
      count: 9,
      tags: [],
      kind: 'c',
      homeAddress: 'long',
      contact: 'x',
      nested: { items: [{ unit_cost: 1 }, { unit_cost: 'x' }] },
    });
    const messages = toErrorEnvelope(result.error!).errors;
    expect(messages).toEqual([
      'First name must be text.',
      'Count must be at most 5.',
      'Tags needs at least 1 entry.',
      'Kind must be one of a, b.',
      'Home address is too long (at most 3 characters).',
      'Contact must be a valid email address.',
      'Unit cost (entry 2) must be a number.',
    ]);
    for (const message of messages) expect(isGenericMessage(message)).toBe(false);
    expect(issueMessage(z.string().safeParse(1).error!.issues[0]!)).toBe('Request must be text.');
  });

  it('recognises generic texts but not ours', () => {
    expect(isGenericMessage('Invalid input: expected string, received undefined')).toBe(true);
    expect(isGenericMessage('Too big: expected string to have <=5 characters')).toBe(true);
    expect(isGenericMessage('Invalid UUID')).toBe(true);
    expect(isGenericMessage('Invalid email address')).toBe(true);
    expect(isGenericMessage('Invalid email format')).toBe(false);
    expect(isGenericMessage('Fill "From" and "To" fields.')).toBe(false);
  });
});
