import { DEFAULT_DOCUMENT_LANGUAGE, normalizeLanguage } from '@invoicer/domain/document-language';
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
 * none in them (docs/decisions/0062-three-templates-and-the-accent-colour.md), with "Apply discounts before tax"
 * and the default language (docs/decisions/0075-the-account-default-language.md). Null: no such user.
 */
const DEFAULTS_COLUMNS = {
  template: users.invoiceTemplate,
  accentColor: users.accentColor,
  discountBeforeTax: users.discountBeforeTax,
  language: users.defaultLanguage,
};

export async function readTemplateDefaults(db: DbExecutor, userId: string): Promise<InvoiceDefaults | null> {
  const [row] = await db.select(DEFAULTS_COLUMNS).from(users).where(eq(users.id, userId));
  return row ? toDefaults(row) : null;
}

/**
 * Writes the template and colour, and "Apply discounts before tax" and the language when given
 * (users.discount_before_tax, docs/decisions/0072-structured-parties-and-discounts-before-tax.md; users.default_language,
 * null for English).
 */
export async function writeTemplateDefaults(
  db: DbExecutor,
  userId: string,
  defaults: TemplateDefaultsWrite,
): Promise<InvoiceDefaults | null> {
  const [row] = await db
    .update(users)
    .set({
      invoiceTemplate: defaults.template,
      accentColor: defaults.accent_color,
      ...(defaults.discount_before_tax === undefined ? {} : { discountBeforeTax: defaults.discount_before_tax }),
      // English is stored as none, so an account that picks it back reads as one that never chose.
      ...(defaults.language === undefined
        ? {}
        : { defaultLanguage: defaults.language === DEFAULT_DOCUMENT_LANGUAGE ? null : defaults.language }),
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId))
    .returning(DEFAULTS_COLUMNS);
  return row ? toDefaults(row) : null;
}

/** What PUT /api/users/invoice-template writes: a value left out is unchanged; a null language is English. */
export type TemplateDefaultsWrite = TemplateDefaults & {
  discount_before_tax?: boolean | undefined;
  language?: string | null | undefined;
};

function toDefaults(row: {
  template: string;
  accentColor: string | null;
  discountBeforeTax: boolean;
  language: string | null;
}): InvoiceDefaults {
  return {
    template: isTemplateName(row.template) ? row.template : DEFAULT_TEMPLATE,
    accent_color: isAccentColor(row.accentColor) ? row.accentColor : null,
    discount_before_tax: row.discountBeforeTax,
    language: normalizeLanguage(row.language) ?? DEFAULT_DOCUMENT_LANGUAGE,
  };
}
