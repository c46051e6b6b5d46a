import {
  DEFAULT_TEMPLATE,
  isTemplateName,
  TEMPLATE_NAMES,
  type TemplateName,
} from '@invoicer/domain/invoice-templates';
import { classicTemplate } from './classic';
import type { InvoiceTemplate } from './invoice-template';
import type { TemplateLook } from './invoice-layout';
import { CLASSIC_LOOK } from './classic';
import { MINIMAL_LOOK, minimalTemplate } from './minimal';
import { MODERN_LOOK, modernTemplate } from './modern';

/** Every template by name (the names are the contract's, packages/domain/src/invoice-templates.ts). */
const TEMPLATES = {
  modern: modernTemplate,
  classic: classicTemplate,
  minimal: minimalTemplate,
} as const satisfies Record<TemplateName, InvoiceTemplate>;

const LOOKS: Record<TemplateName, TemplateLook> = { modern: MODERN_LOOK, classic: CLASSIC_LOOK, minimal: MINIMAL_LOOK };

export { DEFAULT_TEMPLATE, isTemplateName, TEMPLATE_NAMES, type TemplateName };

export class UnknownTemplateError extends Error {
  constructor(readonly template: string) {
    super(`Unknown invoice template "${template}". Use one of: ${TEMPLATE_NAMES.join(', ')}.`);
    this.name = 'UnknownTemplateError';
  }
}

/** The template of that name; throws UnknownTemplateError for any other value (names may come from JSON). */
export function getTemplate(name: string): InvoiceTemplate {
  if (!isTemplateName(name)) throw new UnknownTemplateError(String(name));
  return TEMPLATES[name];
}

/** The accent colour a template uses when neither the invoice nor the account names one. */
export function defaultAccent(name: TemplateName): string {
  return LOOKS[name].accent;
}
