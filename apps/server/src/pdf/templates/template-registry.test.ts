import { describe, expect, it } from 'vitest';
import { getTemplate, isTemplateName, TEMPLATE_NAMES, UnknownTemplateError } from './template-registry';

describe('template registry', () => {
  it('knows the modern template', () => {
    expect(TEMPLATE_NAMES).toContain('modern');
    expect(getTemplate('modern').name).toBe('modern');
  });

  it.each(['classic', '', 'constructor', '__proto__', 'toString'])('refuses %j', (name) => {
    expect(isTemplateName(name)).toBe(false);
    expect(() => getTemplate(name)).toThrow(UnknownTemplateError);
  });
});
