import { readFileSync } from 'node:fs';
import path from 'node:path';
import SaxonJS, { type SaxonNode } from 'saxon-js';
import { EINVOICE_READ_MESSAGES, type ReceivedEInvoice } from '@invoicer/domain/api/einvoices';
import { serverRoot } from '../../paths';
import { readEInvoiceDocument, syntaxOf, type XmlNode } from './einvoice-reader';

/**
 * Runs the official e-invoice rules (compiled to SaxonJS SEF by scripts/einvoice/compile-rules.mjs)
 * on the calling thread. The product calls it through the worker pool in einvoice-validation.ts; the
 * benchmark also calls it directly. Each rule set is loaded once per thread and kept warm.
 */

export const RULE_SETS = ['en16931-cii', 'en16931-ubl', 'xrechnung-cii', 'xrechnung-ubl'] as const;
export type RuleSet = (typeof RULE_SETS)[number];

export interface RuleFinding {
  /** The rule's id, e.g. BR-CO-10, BR-DE-15. */
  id: string;
  /** As the rule sets it: fatal, warning or information. */
  flag: string;
  /** XPath of the node the rule fired on. */
  location: string;
  text: string;
}

export interface RulesResult {
  /** Broken rules that make the invoice invalid (flag fatal or error). */
  failures: RuleFinding[];
  /** Everything else the rules reported (warning, information). */
  warnings: RuleFinding[];
}

/** A document the rules cannot be run on: not well-formed, or not the syntax the rule sets check. */
export class EInvoiceInputError extends Error {
  override name = 'EInvoiceInputError';
}

export const compiledRulesDir = path.join(serverRoot, 'assets', 'einvoice', 'compiled');

const SVRL = 'http://purl.oclc.org/dsdl/svrl';
const CII = 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100';
const UBL_INVOICE = 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2';
const UBL_CREDIT_NOTE = 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2';

/** The root elements each syntax's rules are written for ({namespace}local-name). */
const ROOTS: Record<'cii' | 'ubl', string[]> = {
  cii: [`{${CII}}CrossIndustryInvoice`],
  ubl: [`{${UBL_INVOICE}}Invoice`, `{${UBL_CREDIT_NOTE}}CreditNote`],
};

const loaded = new Map<RuleSet, unknown>();

function stylesheet(ruleSet: RuleSet): unknown {
  let sef = loaded.get(ruleSet);
  if (!sef) {
    sef = JSON.parse(readFileSync(path.join(compiledRulesDir, `${ruleSet}.sef.json`), 'utf8'));
    loaded.set(ruleSet, sef);
  }
  return sef;
}

/** Loads the rule sets now, so the first invoice does not pay for it. */
export function warmRules(ruleSets: readonly RuleSet[] = RULE_SETS): void {
  for (const ruleSet of ruleSets) stylesheet(ruleSet);
}

/**
 * The document's root element as {namespace}local-name. A rule set run on the other syntax finds
 * nothing to check and would pass anything, so the root is checked first.
 */
function rootName(document: SaxonNode): string {
  return SaxonJS.XPath.evaluate("'{' || namespace-uri(/*) || '}' || local-name(/*)", document, {}) as string;
}

function parse(xml: string): SaxonNode {
  try {
    return SaxonJS.getPlatform().parseXmlFromString(xml);
  } catch (error) {
    throw new EInvoiceInputError(`The file is not well-formed XML: ${(error as Error).message}`);
  }
}

/**
 * Runs the rule sets on one document (already checked by checkXmlInput) and reads their SVRL
 * reports: every failed assert and successful report, split by flag.
 */
export function runRules(xml: string, ruleSets: readonly RuleSet[]): RulesResult {
  return runRulesOn(parse(xml), ruleSets);
}

/**
 * A received e-invoice (already checked by checkXmlInput): its data, and the EN 16931 rules of its syntax
 * run on the same parsed document.
 */
export function readAndCheck(xml: string): { invoice: ReceivedEInvoice; result: RulesResult } {
  const document = parse(xml);
  const syntax = syntaxOf(document as unknown as XmlNode);
  if (!syntax) throw new EInvoiceInputError(EINVOICE_READ_MESSAGES.notEInvoice);
  const invoice = readEInvoiceDocument(document as unknown as XmlNode, syntax);
  return { invoice, result: runRulesOn(document, [syntax === 'cii' ? 'en16931-cii' : 'en16931-ubl']) };
}

/**
 * One rule set on the document. Some broken documents make an official assert fail to evaluate (XPTY0004 when a CII
 * allowance has no ChargeIndicator: an empty cast to a boolean); that is bad input, answered as such, not a fault.
 */
function transform(ruleSet: RuleSet, document: SaxonNode): { principalResult: SaxonNode } {
  try {
    return SaxonJS.transform(
      { stylesheetInternal: stylesheet(ruleSet), sourceNode: document, destination: 'document' },
      'sync',
    );
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    // XPath's dynamic and type errors (XPTY, XPDY, FORG, FOAR, ...); anything else (a broken SEF) stays a fault.
    if (typeof code === 'string' && /^(XP|FO)/.test(code)) {
      throw new EInvoiceInputError(
        `The official rules cannot check this document: ${(error as Error).message} (${code}).`,
        { cause: error },
      );
    }
    throw error;
  }
}

function runRulesOn(document: SaxonNode, ruleSets: readonly RuleSet[]): RulesResult {
  const root = rootName(document);
  const result: RulesResult = { failures: [], warnings: [] };
  for (const ruleSet of ruleSets) {
    const syntax = ruleSet.endsWith('-cii') ? 'cii' : 'ubl';
    if (!ROOTS[syntax].includes(root)) {
      throw new EInvoiceInputError(
        syntax === 'cii'
          ? 'The document is not a CII invoice (rsm:CrossIndustryInvoice).'
          : 'The document is not a UBL invoice or credit note.',
      );
    }
    const { principalResult } = transform(ruleSet, document);
    const findings = SaxonJS.XPath.evaluate(
      "(//svrl:failed-assert | //svrl:successful-report) ! map { 'id': string(@id), 'flag': string(@flag), 'location': string(@location), 'text': normalize-space(svrl:text) }",
      principalResult,
      { namespaceContext: { svrl: SVRL }, resultForm: 'array' },
    ) as RuleFinding[];
    for (const finding of findings) {
      const { id, flag, location, text } = finding;
      (flag === 'fatal' || flag === 'error' ? result.failures : result.warnings).push({ id, flag, location, text });
    }
  }
  return result;
}
