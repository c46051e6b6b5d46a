import type { z } from 'zod';
import type { ErrorEnvelope } from './api/common';

/** More distinct messages than this help nobody (a 1,000-item invoice can fail 1,000 times). */
export const MAX_ERRORS = 20;

type Issue = z.core.$ZodIssue;

// zod's built-in English texts ("Invalid input: expected string, received undefined", "Too big: ...").
// Our schemas set their own messages; these are rewritten in case one slips through.
const ZOD_DEFAULT =
  /^(?:Invalid input|Invalid option|Invalid string:|Invalid number:|Invalid value in|Invalid key in|Invalid discriminator|Too big:|Too small:|Unrecognized keys?:|Invalid (?:UUID|GUID|email address|URL|ISO [a-z]+|input|[A-Za-z0-9 -]+ address)$)/;

/** True for zod's own generic English texts, which say nothing a user can act on. */
export function isGenericMessage(message: string): boolean {
  return ZOD_DEFAULT.test(message);
}

/**
 * The one way a zod failure becomes the error envelope (docs/product/api.md#the-error-envelope):
 * `{ success: false, error: <first message>, errors: <every message once> }`.
 */
export function toErrorEnvelope(error: z.ZodError): ErrorEnvelope & { errors: string[] } {
  const messages = [...new Set(error.issues.map(issueMessage))].slice(0, MAX_ERRORS);
  const first = messages[0] ?? 'The request is not valid.';
  return { success: false, error: first, errors: messages.length > 0 ? messages : [first] };
}

/** A user-facing message for one issue: its own, unless it is one of zod's generic texts. */
export function issueMessage(issue: Issue): string {
  if (issue.message && !isGenericMessage(issue.message)) return issue.message;
  const label = fieldLabel(issue.path);
  switch (issue.code) {
    case 'invalid_type':
      return `${label} must be ${describeType(issue.expected)}.`;
    case 'too_big':
      if (issue.origin === 'string') return `${label} is too long (at most ${String(issue.maximum)} characters).`;
      if (issue.origin === 'array' || issue.origin === 'set') {
        return `${label} has too many entries (at most ${String(issue.maximum)}).`;
      }
      return `${label} must be at most ${String(issue.maximum)}.`;
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1
          ? `${label} is required.`
          : `${label} is too short (at least ${String(issue.minimum)} characters).`;
      }
      if (issue.origin === 'array' || issue.origin === 'set') {
        return `${label} needs at least ${String(issue.minimum)} ${Number(issue.minimum) === 1 ? 'entry' : 'entries'}.`;
      }
      return `${label} must be at least ${String(issue.minimum)}.`;
    case 'invalid_format':
      return issue.format === 'email' ? `${label} must be a valid email address.` : `${label} is not valid.`;
    case 'invalid_value':
      return `${label} must be one of ${issue.values.map((value) => String(value)).join(', ')}.`;
    case 'unrecognized_keys':
      return `Unknown field${issue.keys.length === 1 ? '' : 's'}: ${issue.keys.join(', ')}.`;
    default:
      return `${label} is not valid.`;
  }
}

/** 'items.2.unit_cost' → 'Unit cost (entry 3)'; the root is 'Request'. */
function fieldLabel(path: ReadonlyArray<PropertyKey>): string {
  const key = path.findLast((segment): segment is string => typeof segment === 'string');
  const index = path.findLast((segment): segment is number => typeof segment === 'number');
  const words = key
    ? key
        .replace(/([a-z])([A-Z])/g, '$1 $2')
        .replace(/[_-]+/g, ' ')
        .trim()
        .toLowerCase()
    : '';
  const name = words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Request';
  return index === undefined ? name : `${name} (entry ${index + 1})`;
}

function describeType(expected: string): string {
  switch (expected) {
    case 'string':
      return 'text';
    case 'number':
    case 'int':
      return 'a number';
    case 'boolean':
      return 'true or false';
    case 'array':
      return 'a list';
    case 'object':
      return 'an object';
    default:
      return `a valid ${expected}`;
  }
}
