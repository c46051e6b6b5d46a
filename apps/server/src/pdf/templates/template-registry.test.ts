import { describe, expect, it } from 'vitest';
import { getTemplate, isTemplateName, TEMPLATE_NAMES, UnknownTemplateError } from './template-registry';

describe('template registry', () => {
  it('knows the three templates', () => {
    expect(TEMPLATE_NAMES).toEqual(['modern', 'classic', 'minimal']);
    for (const name of TEMPLATE_NAMES) expect(getTemplate(name).name).toBe(name);
  });

  it.each(['baroque', 'Modern', '', 'constructor', '__proto__', 'toString'])('refuses %j', (name) => {
    expect(isTemplateName(name)).toBe(false);
    expect(() => getTemplate(name)).toThrow(UnknownTemplateError);
  });
});
