// Compiles the vendored e-invoice rules (assets/einvoice/) into SaxonJS SEF files in
// assets/einvoice/compiled/, which are committed: tests and `npm start` then need neither a compile
// step nor xslt3 (a dev dependency). Run after changing anything under assets/einvoice/ or
// scripts/einvoice/; the rules test checks the manifest's hashes against the sources.
//   node scripts/einvoice/compile-rules.mjs
// Each stylesheet goes through hoistAbsolutePaths (ADR 76) before it is compiled; `--as-published` skips that
// step, only to record what the published rules decide (scripts/einvoice/record-rule-findings.ts).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hoistAbsolutePaths } from './hoist-absolute-paths.ts';

const serverRoot = fileURLToPath(new URL('../..', import.meta.url));
const assets = path.join(serverRoot, 'assets', 'einvoice');
const compiled = path.join(assets, 'compiled');
const require = createRequire(import.meta.url);
const xslt3 = require.resolve('xslt3');
const xslt3Version = JSON.parse(readFileSync(path.join(path.dirname(xslt3), 'package.json'), 'utf8')).version;
const schematronCompiler = path.join(serverRoot, 'scripts', 'einvoice', 'schematron-to-xslt.xsl');
const hoister = path.join(serverRoot, 'scripts', 'einvoice', 'hoist-absolute-paths.ts');
const asPublished = process.argv.includes('--as-published');

/** Each rule set: its sources (paths from apps/server, hashed into the manifest) and how it becomes XSLT. */
export const ruleSets = {
  'en16931-cii': { xslt: 'assets/einvoice/en16931/EN16931-CII-validation.xslt' },
  'en16931-ubl': { xslt: 'assets/einvoice/en16931/EN16931-UBL-validation.xslt' },
  'xrechnung-cii': {
    schematron: 'assets/einvoice/xrechnung/cii/XRechnung-CII-validation.sch',
    includes: ['assets/einvoice/xrechnung/common.sch'],
  },
  'xrechnung-ubl': {
    schematron: 'assets/einvoice/xrechnung/ubl/XRechnung-UBL-validation.sch',
    includes: ['assets/einvoice/xrechnung/common.sch'],
  },
};

function run(args) {
  execFileSync(process.execPath, [xslt3, ...args], { stdio: ['ignore', 'inherit', 'inherit'] });
}

const sha256 = (file) => createHash('sha256').update(readFileSync(file)).digest('hex');

mkdirSync(compiled, { recursive: true });
const manifest = { xslt3: xslt3Version, asPublished, ruleSets: {} };
for (const [name, set] of Object.entries(ruleSets)) {
  const started = performance.now();
  // What runs is kept beside the SEF (compiled/NAME.xslt) so a reviewer can read it.
  const xslt = path.join(compiled, `${name}.xslt`);
  const inputs = [];
  if (set.xslt) {
    writeFileSync(xslt, readFileSync(path.join(serverRoot, set.xslt)));
    inputs.push(set.xslt);
  } else {
    // Schematron -> XSLT.
    run([`-xsl:${schematronCompiler}`, `-s:${path.join(serverRoot, set.schematron)}`, `-o:${xslt}`]);
    inputs.push(set.schematron, ...set.includes, path.relative(serverRoot, schematronCompiler));
  }
  if (!asPublished) {
    const { xslt: rewritten, hoisted, rewritten: tests } = hoistAbsolutePaths(readFileSync(xslt, 'utf8'));
    writeFileSync(xslt, rewritten);
    inputs.push(path.relative(serverRoot, hoister));
    console.log(`${name}: ${hoisted.length} absolute paths hoisted out of ${tests} tests`);
  }
  run([`-xsl:${xslt}`, `-export:${path.join(compiled, `${name}.sef.json`)}`, '-nogo', '-relocate:on']);
  manifest.ruleSets[name] = Object.fromEntries(inputs.map((input) => [input, sha256(path.join(serverRoot, input))]));
  console.log(`${name}: compiled in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
writeFileSync(path.join(compiled, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
