import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serverRoot } from '../../paths';
import { EInvoiceInputError, runRules, type RuleSet } from './einvoice-rules-engine';

/**
 * Test support for the rules-equivalence test (ADR 76), here because it runs the feature's rules engine; imported by
 * that test and scripts/einvoice/record-rule-findings.ts only. Documents that make the official rules decide many
 * different things: every publisher example, and deliberately broken invoices (each element name of a rich example
 * deleted in turn, every VAT category swapped in, amounts that no longer add up, unknown codes, long invoices).
 */

export interface RuleCase {
  name: string;
  ruleSets: RuleSet[];
  xml: string;
}

const fixtures = path.join(serverRoot, 'test', 'fixtures', 'einvoice');
const fixture = (name: string) => readFileSync(path.join(fixtures, name), 'utf8');
const isCii = (xml: string) => xml.includes('CrossIndustryInvoice:100');
const ruleSetsOf = (xml: string): RuleSet[] =>
  isCii(xml) ? ['en16931-cii', 'xrechnung-cii'] : ['en16931-ubl', 'xrechnung-ubl'];

/** Every element with this prefixed name removed (one that nests in itself leaves XML the engine refuses). */
function withoutElement(xml: string, name: string): string {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return xml.replace(new RegExp(`<${escaped}(?:\\s[^>]*)?(?:/>|>[\\s\\S]*?</${escaped}>)`, 'g'), '');
}

/** The prefixed names of the elements below the root, in order of first appearance. */
function elementNames(xml: string): string[] {
  const names = [...xml.matchAll(/<([A-Za-z][\w-]*:[A-Za-z][\w.-]*)[\s/>]/g)].map((match) => match[1]!);
  return [...new Set(names)].slice(1);
}

/** The document with its line items repeated until it has `lines` of them (the totals stop adding up). */
function repeatLines(xml: string, element: string, lines: number): string {
  const items = xml.match(new RegExp(`<${element}>[\\s\\S]*?</${element}>`, 'g'))!;
  const repeated = Array.from({ length: lines }, (_, i) => items[i % items.length]!).join('\n');
  const first = xml.indexOf(items[0]!);
  const last = xml.lastIndexOf(items.at(-1)!) + items.at(-1)!.length;
  return xml.slice(0, first) + repeated + xml.slice(last);
}

const CATEGORIES = ['AE', 'E', 'G', 'K', 'L', 'M', 'O', 'Z'];

export function ruleCases(): RuleCase[] {
  const cases: RuleCase[] = [];
  for (const name of readdirSync(fixtures)
    .filter((file) => /\.xml$/i.test(file))
    .sort()) {
    const xml = fixture(name);
    cases.push({ name, ruleSets: ruleSetsOf(xml), xml });
  }
  // Each element name deleted in turn, in the richest CII and UBL examples.
  for (const base of ['XRechnung-O.xml', 'ubl-tc434-example2.xml']) {
    const xml = fixture(base);
    for (const element of elementNames(xml)) {
      cases.push({ name: `${base} without ${element}`, ruleSets: ruleSetsOf(xml), xml: withoutElement(xml, element) });
    }
  }
  // Every VAT category in place of the standard rate (the category rules are most of EN 16931's asserts).
  const cii = fixture('CII_example1.xml');
  const ubl = fixture('ubl-tc434-example1.xml');
  for (const category of CATEGORIES) {
    cases.push({
      name: `CII_example1.xml with category ${category}`,
      ruleSets: ruleSetsOf(cii),
      xml: cii.replaceAll('<ram:CategoryCode>S</ram:CategoryCode>', `<ram:CategoryCode>${category}</ram:CategoryCode>`),
    });
    cases.push({
      name: `ubl-tc434-example1.xml with category ${category}`,
      ruleSets: ruleSetsOf(ubl),
      xml: ubl.replaceAll('<cbc:ID>S</cbc:ID>', `<cbc:ID>${category}</cbc:ID>`),
    });
  }
  // Amounts, codes and currencies that break the calculation and code-list rules.
  cases.push(
    {
      name: 'CII_example1.xml with every line total one cent more',
      ruleSets: ruleSetsOf(cii),
      xml: cii.replace(
        /<ram:LineTotalAmount>([\d.]+)</g,
        (_, amount: string) => `<ram:LineTotalAmount>${(Number(amount) + 0.01).toFixed(2)}<`,
      ),
    },
    {
      name: 'CII_example1.xml with unknown codes',
      ruleSets: ruleSetsOf(cii),
      xml: cii
        .replace(/<ram:InvoiceCurrencyCode>EUR</g, '<ram:InvoiceCurrencyCode>XXY<')
        .replace(/unitCode="[^"]*"/g, 'unitCode="NOPE"')
        .replace(/<ram:CountryID>[A-Z]+</g, '<ram:CountryID>QQ<'),
    },
    {
      name: 'ubl-tc434-example1.xml with unknown codes and a payable amount off by one cent',
      ruleSets: ruleSetsOf(ubl),
      xml: ubl
        .replace(/currencyID="EUR"/g, 'currencyID="XXY"')
        .replace(/unitCode="[^"]*"/g, 'unitCode="NOPE"')
        .replace(/<cbc:IdentificationCode>[A-Z]+</g, '<cbc:IdentificationCode>QQ<')
        .replace(
          /(<cbc:PayableAmount[^>]*>)([\d.]+)</,
          (_, open: string, amount: string) => `${open}${(Number(amount) + 0.01).toFixed(2)}<`,
        ),
    },
    // Long invoices: findings on many lines, and their locations.
    {
      name: 'CII_example1.xml with 60 lines',
      ruleSets: ruleSetsOf(cii),
      xml: repeatLines(cii, 'ram:IncludedSupplyChainTradeLineItem', 60),
    },
    {
      name: 'ubl-tc434-example1.xml with 60 lines and category K',
      ruleSets: ruleSetsOf(ubl),
      xml: repeatLines(ubl, 'cac:InvoiceLine', 60).replaceAll('<cbc:ID>S</cbc:ID>', '<cbc:ID>K</cbc:ID>'),
    },
  );
  return cases;
}

/**
 * What the rules decide on one case, compactly: the ids of every finding in order (failures, then warnings, so a
 * difference reads as ids), and a hash of the whole findings (ids, flags, locations and texts).
 */
export interface RecordedFindings {
  failures: string[];
  warnings: string[];
  sha256: string;
}

export type RecordedOutcome = RecordedFindings | { refused: string } | { error: string };

/**
 * Refused input is recorded with its message; a dynamic error inside the rules (some broken documents make an
 * official assert fail to evaluate, e.g. XPTY0004 on an empty cast) with its code and message.
 */
export function ruleFindings(ruleCase: RuleCase): RecordedOutcome {
  try {
    const result = runRules(ruleCase.xml, ruleCase.ruleSets);
    return {
      failures: result.failures.map((finding) => finding.id),
      warnings: result.warnings.map((finding) => finding.id),
      sha256: createHash('sha256').update(JSON.stringify(result)).digest('hex'),
    };
  } catch (error) {
    // The engine answers an assert that fails to evaluate as bad input; its cause is what the rules raised.
    const raised = error instanceof EInvoiceInputError && error.cause ? error.cause : error;
    if (raised === error && error instanceof EInvoiceInputError) return { refused: error.message };
    // Not its line: an error inside a path that ADR 76 hoisted is reported at the variable's declaration.
    const { code, message } = raised as { code?: string; message: string };
    if (code) return { error: `${code}: ${message}` };
    throw error;
  }
}
