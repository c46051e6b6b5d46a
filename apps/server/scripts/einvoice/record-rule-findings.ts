// Records what the compiled rules decide on the cases of src/features/einvoices/einvoice-rule-cases.ts into
// test/fixtures/einvoice-rule-findings.json, which the rules-equivalence test compares against (ADR 76). Record
// only with the rules compiled as published (`node scripts/einvoice/compile-rules.mjs --as-published`), then
// compile again without the flag: the test then proves the rewritten rules decide the same.
//   npx tsx scripts/einvoice/record-rule-findings.ts
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { ruleCases, ruleFindings } from '../../src/features/einvoices/einvoice-rule-cases';
import { serverRoot } from '../../src/paths';

const recorded = Object.fromEntries(ruleCases().map((ruleCase) => [ruleCase.name, ruleFindings(ruleCase)]));
const file = path.join(serverRoot, 'test', 'fixtures', 'einvoice-rule-findings.json');
writeFileSync(file, `${JSON.stringify(recorded, null, 1)}\n`);
console.log(`${Object.keys(recorded).length} cases recorded in ${path.relative(serverRoot, file)}`);
