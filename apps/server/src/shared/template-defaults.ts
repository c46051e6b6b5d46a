import {
  isAccentColor,
  isTemplateName,
  DEFAULT_TEMPLATE,
  type TemplateDefaults,
} from '@invoicer/domain/invoice-templates';
import { eq, sql } from 'drizzle-orm';
import { users } from '../db/schema';
import type { DbExecutor } from '../plugins/database';

/**
 * The account's PDF template and accent colour (users.invoice_template, users.accent_color), shared by
 * Settings (features/users) and the PDF routes (features/documents), which print an invoice that names
 * none in them (docs/decisions/0062-three-templates-and-the-accent-colour.md). Null: no such user.
 */
export async function readTemplateDefaults(db: DbExecutor, userId: string): Promise<TemplateDefaults | null> {
  const [row] = await db
    .select({ template: users.invoiceTemplate, accentColor: users.accentColor })
    .from(users)
    .where(eq(users.id, userId));
  return row ? toDefaults(row) : null;
}

export async function writeTemplateDefaults(
  db: DbExecutor,
  userId: string,
  defaults: TemplateDefaults,
): Promise<TemplateDefaults | null> {
  const [row] = await db
    .update(users)
    .set({ invoiceTemplate: defaults.template, accentColor: defaults.accent_color, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning({ template: users.invoiceTemplate, accentColor: users.accentColor });
  return row ? toDefaults(row) : null;
}

function toDefaults(row: { template: string; accentColor: string | null }): TemplateDefaults {
  return {
    template: isTemplateName(row.template) ? row.template : DEFAULT_TEMPLATE,
    accent_color: isAccentColor(row.accentColor) ? row.accentColor : null,
  };
}
