import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { serverRoot } from '../../paths';
import { ruleCases, ruleFindings, type RecordedOutcome } from './einvoice-rule-cases';
import { compiledRulesDir, warmRules } from './einvoice-rules-engine';

/**
 * The rules as we compile them (absolute paths hoisted into global variables, ADR 76) decide exactly what the
 * published rules decide: on every publisher example and on 199 deliberately broken invoices, the same failed
 * asserts and reports (ids, flags, locations, texts, in order), and the same dynamic errors, as recorded with the
 * rules compiled as published (scripts/einvoice/record-rule-findings.ts).
 */
const recorded = JSON.parse(
  readFileSync(path.join(serverRoot, 'test', 'fixtures', 'einvoice-rule-findings.json'), 'utf8'),
) as Record<string, RecordedOutcome>;
const cases = ruleCases();

beforeAll(() => {
  warmRules();
});

describe('the compiled rules decide what the published rules decide', () => {
  it('runs the rewritten rules, on every recorded case', () => {
    const manifest = JSON.parse(readFileSync(path.join(compiledRulesDir, 'manifest.json'), 'utf8')) as {
      asPublished: boolean;
    };
    expect(manifest.asPublished).toBe(false);
    expect(cases.map((ruleCase) => ruleCase.name)).toEqual(Object.keys(recorded));
    // The cases reach far into the rules: many different rules fail across them.
    const failed = new Set(
      Object.values(recorded).flatMap((outcome) => ('failures' in outcome ? outcome.failures : [])),
    );
    expect(failed.size).toBeGreaterThan(120);
  });

  it.each(cases.map((ruleCase) => [ruleCase.name, ruleCase] as const))('%s', (name, ruleCase) => {
    expect(ruleFindings(ruleCase)).toEqual(recorded[name]);
  });
});
