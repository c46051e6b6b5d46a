/**
 * The sentences of the invoice document rules, with no zod attached, so the web app can show the
 * same words the server answers with without loading the schema in its first download.
 */
export const MESSAGES = {
  fromTo: 'Fill "From" and "To" fields.',
  items: 'Add at least one valid item.',
  tooLarge: 'Invoice amounts are too large.',
  logo: 'Logo must be an uploaded logo (/api/logos/…) or an image data URL.',
  body: 'Invoice data must be a JSON object.',
  item: 'Each item must be an object with a name, quantity and rate.',
} as const;
