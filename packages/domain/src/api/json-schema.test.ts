import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import * as activity from './activity';
import * as auth from './auth';
import * as businesses from './businesses';
import * as clients from './clients';
import * as common from './common';
import * as dashboard from './dashboard';
import * as invoices from './invoices';
import * as logos from './logos';
import * as notifications from './notifications';
import * as payments from './payments';
import * as publicLinks from './public-links';
import * as support from './support';
import * as users from './users';

/** Every exported schema must turn into JSON Schema (the server documents routes from them). */
describe('OpenAPI generation', () => {
  const modules = {
    activity,
    auth,
    businesses,
    clients,
    common,
    dashboard,
    invoices,
    logos,
    notifications,
    payments,
    publicLinks,
    support,
    users,
  };
  const schemas = Object.entries(modules).flatMap(([file, exports]) =>
    Object.entries(exports)
      .filter((entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType)
      .map(([name, schema]) => [`${file}.${name}`, schema] as const),
  );

  it('finds the schemas', () => {
    expect(schemas.length).toBeGreaterThan(50);
  });

  it.each(schemas)('%s converts for input and output', (_name, schema) => {
    for (const io of ['input', 'output'] as const) {
      expect(() => z.toJSONSchema(schema, { io, unrepresentable: 'any' })).not.toThrow();
    }
  });
});
