import {
  isAccentColor,
  isTemplateName,
  DEFAULT_TEMPLATE,
  type InvoiceDefaults,
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
const DEFAULTS_COLUMNS = {
  template: users.invoiceTemplate,
  accentColor: users.accentColor,
  discountBeforeTax: users.discountBeforeTax,
};

export async function readTemplateDefaults(db: DbExecutor, userId: string): Promise<InvoiceDefaults | null> {
  const [row] = await db.select(DEFAULTS_COLUMNS).from(users).where(eq(users.id, userId));
  return row ? toDefaults(row) : null;
}

/**
 * Writes the template and colour, and "Apply discounts before tax" when given (users.discount_before_tax,
 * docs/decisions/0072-structured-parties-and-discounts-before-tax.md).
 */
export async function writeTemplateDefaults(
  db: DbExecutor,
  userId: string,
  defaults: TemplateDefaults & { discount_before_tax?: boolean | undefined },
): Promise<InvoiceDefaults | null> {
  const [row] = await db
    .update(users)
    .set({
      invoiceTemplate: defaults.template,
      accentColor: defaults.accent_color,
      ...(defaults.discount_before_tax === undefined ? {} : { discountBeforeTax: defaults.discount_before_tax }),
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId))
    .returning(DEFAULTS_COLUMNS);
  return row ? toDefaults(row) : null;
}

function toDefaults(row: {
  template: string;
  accentColor: string | null;
  discountBeforeTax: boolean;
}): InvoiceDefaults {
  return {
    template: isTemplateName(row.template) ? row.template : DEFAULT_TEMPLATE,
    accent_color: isAccentColor(row.accentColor) ? row.accentColor : null,
    discount_before_tax: row.discountBeforeTax,
  };
}
