/**
 * The XML the e-invoice writers produce, built as text (ADR 64: by hand, no XML library). Element
 * content and attribute values are escaped here and nowhere else; characters XML 1.0 cannot carry
 * (controls, lone surrogates) are dropped, so any text a user typed gives well-formed XML.
 */

type Child = string | null | undefined | false | readonly Child[];

const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function escapeXml(text: string): string {
  return text
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\r/g, '&#13;');
}

function flatten(children: readonly Child[]): string {
  let out = '';
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    out += typeof child === 'string' ? child : flatten(child);
  }
  return out;
}

/** `<name attrs>children</name>`; children are already XML (use `escapeXml` or `textEl` for values). */
export function el(name: string, attributes: Record<string, string | undefined> | null, ...children: Child[]): string {
  let open = `<${name}`;
  for (const [key, value] of Object.entries(attributes ?? {})) {
    if (value !== undefined) open += ` ${key}="${escapeXml(value)}"`;
  }
  const content = flatten(children);
  return content === '' ? `${open}/>` : `${open}>${content}</${name}>`;
}

/** An element holding a text value; nothing when the value is missing or blank (optional fields). */
export function textEl(
  name: string,
  value: string | undefined,
  attributes?: Record<string, string | undefined>,
): string {
  const trimmed = value?.trim();
  if (!trimmed) return '';
  return el(name, attributes ?? null, escapeXml(trimmed));
}

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
