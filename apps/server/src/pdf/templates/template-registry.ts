import type { InvoiceTemplate } from './invoice-template';
import { modernTemplate } from './modern';

/** Every template by name; `classic` and `minimal` join here when they exist. */
const TEMPLATES = {
  modern: modernTemplate,
} as const satisfies Record<string, InvoiceTemplate>;

export type TemplateName = keyof typeof TEMPLATES;

export const DEFAULT_TEMPLATE: TemplateName = 'modern';

export const TEMPLATE_NAMES = Object.keys(TEMPLATES) as TemplateName[];

export class UnknownTemplateError extends Error {
  constructor(readonly template: string) {
    super(`Unknown invoice template "${template}". Use one of: ${TEMPLATE_NAMES.join(', ')}.`);
    this.name = 'UnknownTemplateError';
  }
}

export function isTemplateName(name: unknown): name is TemplateName {
  return typeof name === 'string' && Object.hasOwn(TEMPLATES, name);
}

/** The template of that name; throws UnknownTemplateError for any other value (names may come from JSON). */
export function getTemplate(name: string): InvoiceTemplate {
  if (!isTemplateName(name)) throw new UnknownTemplateError(String(name));
  return TEMPLATES[name];
}
