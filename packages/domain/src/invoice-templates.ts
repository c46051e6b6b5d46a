import { z } from 'zod';
import { languageInputSchema, languageRegion } from './document-language';

/**
 * The PDF templates and their accent colour (docs/decisions/0062-three-templates-and-the-accent-colour.md):
 * the names the contract accepts, shared by the editor's override, Settings and the server.
 */

export const TEMPLATE_NAMES = ['modern', 'classic', 'minimal'] as const;
export type TemplateName = (typeof TEMPLATE_NAMES)[number];

/** The template of an invoice that names none, for an account that chose none. */
export const DEFAULT_TEMPLATE: TemplateName = 'modern';

export function isTemplateName(value: unknown): value is TemplateName {
  return typeof value === 'string' && (TEMPLATE_NAMES as readonly string[]).includes(value);
}

/**
 * The paper an invoice is printed on (docs/decisions/0063-page-economy-and-paper-size.md): ISO A4, or US Letter
 * where that is the norm (the United States and Canada).
 */
export const PAPER_SIZES = ['a4', 'letter'] as const;
export type PaperSize = (typeof PAPER_SIZES)[number];

/** Page sizes in PDF points. */
export const PAPER_POINTS: Record<PaperSize, { width: number; height: number }> = {
  a4: { width: 595.28, height: 841.89 },
  letter: { width: 612, height: 792 },
};

/**
 * The paper of an invoice that names none (docs/decisions/0061-the-document-language.md): by the region of its
 * language when it has one (Letter in the United States and Canada: en-US, en-CA, fr-CA, es-US; A4 elsewhere),
 * else by its currency, the country signal of a document without a region: US and Canadian dollars print on
 * Letter, every other currency on A4.
 */
export function defaultPaper(currency: string, language?: string | null): PaperSize {
  const region = languageRegion(language);
  if (region) return LETTER_REGIONS.has(region) ? 'letter' : 'a4';
  return currency === 'USD' || currency === 'CAD' ? 'letter' : 'a4';
}

const LETTER_REGIONS = new Set(['US', 'CA']);

/** `a4` or `letter`, or null/absent for the default of the invoice's currency. */
export const paperInputSchema = z
  .enum(PAPER_SIZES, { error: 'Paper must be a4 or letter.' })
  .nullish()
  .transform((value) => value ?? null);

/** `#rrggbb`, the form the native colour input gives; stored and answered in lower case. */
export const ACCENT_COLOR_PATTERN = /^#[0-9a-f]{6}$/i;

export function isAccentColor(value: unknown): value is string {
  return typeof value === 'string' && ACCENT_COLOR_PATTERN.test(value);
}

export const TEMPLATE_MESSAGES = {
  template: `Template must be one of: ${TEMPLATE_NAMES.join(', ')}.`,
  accentColor: 'Accent colour must be a colour like #1e3a8a.',
  discountBeforeTax: 'Apply discounts before tax must be true or false.',
} as const;

/** A template name, or null/absent for "the account's default". */
export const templateInputSchema = z
  .enum(TEMPLATE_NAMES, { error: TEMPLATE_MESSAGES.template })
  .nullish()
  .transform((value) => value ?? null);

/** A `#rrggbb` colour in lower case, or null/absent for "the account's (else the template's) colour". */
export const accentColorInputSchema = z
  .string({ error: TEMPLATE_MESSAGES.accentColor })
  .regex(ACCENT_COLOR_PATTERN, { error: TEMPLATE_MESSAGES.accentColor })
  .nullish()
  .transform((value) => (value == null ? null : value.toLowerCase()));

/**
 * The account's default (GET/PUT /api/users/invoice-template): the template of every invoice that
 * names none, and the accent colour (null: each template's own).
 */
export const templateDefaultsSchema = z.object({
  template: z.enum(TEMPLATE_NAMES),
  accent_color: z.string().nullable(),
});
export type TemplateDefaults = z.infer<typeof templateDefaultsSchema>;

/**
 * What the account gives every new invoice (GET/PUT /api/users/invoice-template): the template defaults, "Apply
 * discounts before tax", the default of an invoice's `discount_before_tax` (ADR 69; true for accounts made after
 * migration 0025, false for the older ones: docs/decisions/0072-structured-parties-and-discounts-before-tax.md), and
 * the default language, a tag as the invoice's own (`en` for an account that chose none), which a new invoice without
 * a client's language prints in (docs/decisions/0075-the-account-default-language.md).
 */
export const invoiceDefaultsSchema = templateDefaultsSchema.extend({
  discount_before_tax: z.boolean(),
  language: z.string(),
});
export type InvoiceDefaults = z.infer<typeof invoiceDefaultsSchema>;

/**
 * Left out, `discount_before_tax` and `language` are unchanged (a client that only knows the template); a language
 * of null or '' is English, anything but a tag of the 13 languages a 400.
 */
export const templateDefaultsBodySchema = z.object(
  {
    template: z.enum(TEMPLATE_NAMES, { error: TEMPLATE_MESSAGES.template }),
    accent_color: accentColorInputSchema,
    discount_before_tax: z.boolean({ error: TEMPLATE_MESSAGES.discountBeforeTax }).optional(),
    language: languageInputSchema.optional(),
  },
  { error: 'Send a template and an accent colour.' },
);
export type TemplateDefaultsBody = z.input<typeof templateDefaultsBodySchema>;

export const templateDefaultsResponseSchema = z.object({
  success: z.literal(true),
  defaults: invoiceDefaultsSchema,
});
export type TemplateDefaultsResponse = z.infer<typeof templateDefaultsResponseSchema>;

/** WCAG 2 relative luminance of a `#rrggbb` colour. */
export function relativeLuminance(hex: string): number {
  const channel = (offset: number): number => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG 2 contrast ratio of two `#rrggbb` colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** WCAG AA for normal text: what every accent-coloured text of a PDF meets against the white page. */
export const TEXT_CONTRAST = 4.5;

/**
 * The accent colour as text on white: itself when it has 4.5:1 against white, else darkened by scaling
 * its three sRGB channels by the same factor (hue and saturation kept) in steps of 1 %, to the first
 * factor that reaches 4.5:1 (docs/decisions/0062-three-templates-and-the-accent-colour.md).
 */
export function textAccent(hex: string): string {
  const colour = hex.toLowerCase();
  if (contrastRatio(colour, '#ffffff') >= TEXT_CONTRAST) return colour;
  const channels = [1, 3, 5].map((offset) => parseInt(colour.slice(offset, offset + 2), 16));
  for (let percent = 99; percent >= 0; percent--) {
    const darker = `#${channels
      .map((value) =>
        Math.floor((value * percent) / 100)
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')}`;
    if (contrastRatio(darker, '#ffffff') >= TEXT_CONTRAST) return darker;
  }
  return '#000000';
}
