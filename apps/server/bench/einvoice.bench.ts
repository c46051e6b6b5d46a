/**
 * Validating an e-invoice with the official rules: what it costs (`npm run bench:einvoice`,
 * docs/benchmarks.md, ADR 64).
 *
 * In one run, warm unless said otherwise:
 * - the baseline: parsing the same XML with SaxonJS alone (the floor any validation pays);
 * - each rule set on a publisher example, on this thread (median and p95), against the baseline and
 *   the 500 ms target of issue 17;
 * - how the time grows with the lines: CII_example1's lines repeated to 25, 50, 100 and 200 (its
 *   totals no longer add up, which costs the rules nothing extra), 5 iterations each;
 * - our writers on a 200-line invoice (CII and UBL), against the validation of the same size, and that invoice
 *   through EN 16931 alone and with XRechnung, in each syntax;
 * - the same through the worker pool (validateEInvoice's path: input checks, the hop to the thread);
 * - the main thread's event-loop delay while validations run on the pool, against the same
 *   validations run on the main thread;
 * - the first validation of a fresh thread that loads the rule sets as it starts;
 * - Factur-X (ADR 71) against the plain PDF of the same invoice, 1 and 200 lines in VAT mode: the render alone
 *   (PDF/A-3b, the XML attached) and the whole answer (mapping, CII writer, the rules on their thread, render), with
 *   the ratio to the plain PDF (issue 17's target: within 2x) and the file sizes.
 *
 * Options: --iterations=N (default 30), --only=facturx (the Factur-X table alone).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import SaxonJS from 'saxon-js';
import { runRules, warmRules, type RuleSet } from '../src/features/einvoices/einvoice-rules-engine';
import { createEInvoiceValidator } from '../src/features/einvoices/einvoice-validation';
import type { EInvoice } from '@invoicer/domain/einvoice/einvoice-model';
import { writeCii } from '../src/features/einvoices/cii-writer';
import { writeUbl } from '../src/features/einvoices/ubl-writer';
import { serverRoot } from '../src/paths';
import { invoiceDocumentInputSchema, type InvoiceDocument } from '@invoicer/domain/invoice-document';
import { makeEInvoice } from '../src/features/einvoices/einvoices.service';
import { closeEInvoiceValidation } from '../src/features/einvoices/einvoice-validation';
import { renderInvoicePdf } from '../src/pdf/render-invoice-pdf';

const argument = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
const ITERATIONS = Math.max(5, Number(argument('iterations') ?? 30));
const TARGET_MS = 500;

const fixture = (name: string) => readFileSync(path.join(serverRoot, 'test', 'fixtures', 'einvoice', name), 'utf8');

/** CII_example1 with its line items repeated until it has `lines` of them. */
function longCii(lines: number): string {
  const xml = fixture('CII_example1.xml');
  const items = xml.match(/<ram:IncludedSupplyChainTradeLineItem>[\s\S]*?<\/ram:IncludedSupplyChainTradeLineItem>/g)!;
  const repeated = Array.from({ length: lines }, (_, i) => items[i % items.length]!).join('\n');
  const first = xml.indexOf(items[0]!);
  const last = xml.lastIndexOf(items.at(-1)!) + items.at(-1)!.length;
  return xml.slice(0, first) + repeated + xml.slice(last);
}

const cases: { name: string; xml: string; ruleSets: RuleSet[] }[] = [
  { name: 'CII_example1 (CII, 6 lines), EN 16931', xml: fixture('CII_example1.xml'), ruleSets: ['en16931-cii'] },
  {
    name: 'ubl-tc434-example1 (UBL, 2 lines), EN 16931',
    xml: fixture('ubl-tc434-example1.xml'),
    ruleSets: ['en16931-ubl'],
  },
  {
    name: 'XRechnung-O (CII), EN 16931 + XRechnung',
    xml: fixture('XRechnung-O.xml'),
    ruleSets: ['en16931-cii', 'xrechnung-cii'],
  },
];

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!;
}

async function times(run: () => unknown, count: number): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  return samples;
}

const ms = (value: number) => value.toFixed(1);
const row = (cells: string[]) => `| ${cells.join(' | ')} |`;

/** The main thread's event-loop delay (p99, max in ms) while `work` runs. */
async function loopDelay(work: () => Promise<void>): Promise<{ p99: number; max: number }> {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  // A timer keeps the loop turning, so a blocked loop shows as a late timer.
  const ticker = setInterval(() => undefined, 5);
  histogram.enable();
  await work();
  histogram.disable();
  clearInterval(ticker);
  const late = (ns: number) => Math.max(0, ns / 1e6 - 5);
  return { p99: late(histogram.percentile(99)), max: late(histogram.max) };
}

/** A VAT-mode document that makes a valid EN 16931 invoice: German seller, French buyer, 19 % and 7 % lines. */
function facturXDocument(lines: number): InvoiceDocument {
  return invoiceDocumentInputSchema.parse({
    from: 'Ada Lovelace Consulting\nAnalytische Straße 12\n10115 Berlin',
    to: 'Acme SARL\n1 rue Principale\n75001 Paris',
    invoice_number: 'RE-2026-001',
    issued_date: '2026-11-21',
    due_date: '2026-12-21',
    currency: 'EUR',
    items: Array.from({ length: lines }, (_, i) => ({
      name: `Service line ${i + 1}`,
      description: i % 3 === 0 ? 'Analysis, implementation and review' : '',
      quantity: (i % 5) + 1,
      unit_cost: 10 + i * 0.25,
      vat_category: 'S',
      vat_rate: i % 4 === 0 ? 7 : 19,
    })),
    show_discount: true,
    discount_type: 'percent',
    discount_percent: 5,
    show_shipping: true,
    shipping_amount: 12.5,
    seller: {
      name: 'Ada Lovelace Consulting',
      street: 'Analytische Straße 12',
      postcode: '10115',
      city: 'Berlin',
      country: 'DE',
      vat_id: 'DE123456789',
    },
    buyer: {
      name: 'Acme SARL',
      street: '1 rue Principale',
      postcode: '75001',
      city: 'Paris',
      country: 'FR',
      vat_id: 'FR12345678901',
    },
    iban: 'DE89 3704 0044 0532 0130 00',
  });
}

/** Factur-X against the plain PDF, on this thread (the PDF threads run the same code). */
async function facturXRows(): Promise<string[][]> {
  const rows: string[][] = [];
  try {
    for (const lines of [1, 200]) {
      const document = facturXDocument(lines);
      const xml = await makeEInvoice(document, 'facturx');
      const plainRender = () => renderInvoicePdf(document);
      const facturXRender = () => renderInvoicePdf(document, { facturx: { xml } });
      const whole = async () =>
        renderInvoicePdf(document, { facturx: { xml: await makeEInvoice(document, 'facturx') } });
      // Warm-up, then the three measured in turns so drift hits them alike.
      for (const run of [plainRender, facturXRender, whole]) await times(run, 5);
      const plain: number[] = [];
      const render: number[] = [];
      const full: number[] = [];
      for (let i = 0; i < ITERATIONS; i++) {
        plain.push(...(await times(plainRender, 1)));
        render.push(...(await times(facturXRender, 1)));
        full.push(...(await times(whole, 1)));
      }
      const base = quantile(plain, 0.5);
      const sizes = `${((await plainRender()).length / 1024).toFixed(1)} KB plain, ${((await facturXRender()).length / 1024).toFixed(1)} KB Factur-X`;
      const ratio = (value: number) => `${(value / base).toFixed(2)}x ${value / base <= 2 ? 'met' : 'NOT met'}`;
      rows.push([`${lines}-line invoice: plain PDF`, `${ms(base)} (p95 ${ms(quantile(plain, 0.95))})`, sizes, '']);
      rows.push([
        `${lines}-line invoice: Factur-X render (PDF/A-3b + XML)`,
        `${ms(quantile(render, 0.5))} (p95 ${ms(quantile(render, 0.95))})`,
        '',
        ratio(quantile(render, 0.5)),
      ]);
      rows.push([
        `${lines}-line invoice: Factur-X answer (map, write, EN 16931 rules on their thread, render)`,
        `${ms(quantile(full, 0.5))} (p95 ${ms(quantile(full, 0.95))})`,
        '',
        ratio(quantile(full, 0.5)),
      ]);
    }
  } finally {
    await closeEInvoiceValidation();
  }
  return rows;
}

function printFacturX(rows: string[][]): void {
  console.log(`Factur-X against the plain PDF, ${ITERATIONS} iterations, ms (median)`);
  console.log(row(['case', 'time', 'size', 'Factur-X / plain PDF (target 2x)']));
  console.log(row(['---', '---:', '---:', '---']));
  for (const cells of rows) console.log(row(cells));
}

async function main(): Promise<void> {
  if (argument('only') === 'facturx') {
    printFacturX(await facturXRows());
    return;
  }
  const rows: string[][] = [];
  warmRules();
  for (const { name, xml, ruleSets } of cases) {
    // Warm-up: SaxonJS and V8 settle after a few runs.
    await times(() => runRules(xml, ruleSets), 5);
    const parse = await times(() => SaxonJS.getPlatform().parseXmlFromString(xml), ITERATIONS);
    const validate = await times(() => runRules(xml, ruleSets), ITERATIONS);
    const median = quantile(validate, 0.5);
    rows.push([
      name,
      `${ms(median)} (p95 ${ms(quantile(validate, 0.95))})`,
      `${ms(quantile(parse, 0.5))} (${(median / quantile(parse, 0.5)).toFixed(1)}x)`,
      `${(median / TARGET_MS).toFixed(2)}x of ${TARGET_MS} ms ${median < TARGET_MS ? 'met' : 'NOT met'}`,
    ]);
  }

  const scaling: number[] = [];
  for (const lines of [25, 50, 100, 200]) {
    const xml = longCii(lines);
    runRules(xml, ['en16931-cii']);
    const median = quantile(await times(() => runRules(xml, ['en16931-cii']), 5), 0.5);
    scaling.push(median);
    rows.push([
      `${lines}-line CII invoice, EN 16931 (5 iterations)`,
      ms(median),
      lines === 25 ? '' : `${(median / scaling[0]!).toFixed(1)}x the 25-line time for ${lines / 25}x the lines`,
      `${(median / TARGET_MS).toFixed(2)}x of ${TARGET_MS} ms ${median < TARGET_MS ? 'met' : 'NOT met'}`,
    ]);
  }

  const long: EInvoice = {
    number: 'BENCH-1',
    issue_date: '2026-11-28',
    due_date: '2026-12-28',
    currency: 'EUR',
    seller: {
      name: 'Ada GmbH',
      street: 'Hauptstr. 1',
      city: 'Berlin',
      postcode: '10115',
      country: 'DE',
      vat_id: 'DE123456789',
    },
    buyer: { name: 'Grace SARL', city: 'Paris', postcode: '75001', country: 'FR', vat_id: 'FR12345678901' },
    lines: Array.from({ length: 200 }, (_, i) => ({
      name: `Service line ${i + 1}`,
      description: 'Analysis, implementation and review',
      quantity: (i % 7) + 1,
      unit_price: 1_000 + i * 25,
      vat_category: i % 3 === 0 ? ('AE' as const) : ('S' as const),
      vat_rate: i % 3 === 0 ? 0 : 19_000,
    })),
    allowances: [{ amount: 5_000, reason: 'Discount', vat_category: 'S', vat_rate: 19_000 }],
    charges: [{ amount: 1_250, reason: 'Shipping', vat_category: 'S', vat_rate: 19_000 }],
    iban: 'DE89370400440532013000',
  };
  for (const [name, write] of [
    ['CII', writeCii],
    ['UBL', writeUbl],
  ] as const) {
    await times(() => write(long), 50);
    const written = quantile(await times(() => write(long), 300), 0.5);
    rows.push([
      `our ${name} writer, 200-line invoice`,
      ms(written),
      `${(write(long).length / 1024).toFixed(0)} KB of XML`,
      `${((written / scaling[3]!) * 100).toFixed(2)} % of validating 200 lines`,
    ]);
  }

  // Our writers' 200-line invoice through the rules of each syntax, EN 16931 and the XRechnung rules on top (ADR 76:
  // the UBL rules never grew with the square of the lines, so they are measured apart from the CII ones).
  for (const [name, xml, ruleSets] of [
    ['CII', writeCii(long), ['en16931-cii', 'xrechnung-cii']],
    ['UBL', writeUbl(long), ['en16931-ubl', 'xrechnung-ubl']],
  ] as const) {
    for (const sets of [[ruleSets[0]], ruleSets] as RuleSet[][]) {
      runRules(xml, sets);
      const median = quantile(await times(() => runRules(xml, sets), 10), 0.5);
      rows.push([
        `our ${name} writer's 200-line invoice, ${sets.join(' + ')} (10 iterations)`,
        ms(median),
        '',
        `${(median / TARGET_MS).toFixed(2)}x of ${TARGET_MS} ms ${median < TARGET_MS ? 'met' : 'NOT met'}`,
      ]);
    }
  }

  const validator = createEInvoiceValidator({ threads: 1 });
  try {
    const { xml, ruleSets } = cases[0]!;
    await times(() => validator.validate(xml, ruleSets), 5);
    const pooled = await times(() => validator.validate(xml, ruleSets), ITERATIONS);
    const inThread = await times(() => runRules(xml, ruleSets), ITERATIONS);
    rows.push([
      'CII_example1 through the worker pool (validateEInvoice)',
      `${ms(quantile(pooled, 0.5))} (p95 ${ms(quantile(pooled, 0.95))})`,
      `${ms(quantile(inThread, 0.5))} on this thread (${(quantile(pooled, 0.5) / quantile(inThread, 0.5)).toFixed(2)}x)`,
      '',
    ]);

    const onPool = await loopDelay(async () => {
      for (let i = 0; i < ITERATIONS; i++) await validator.validate(xml, ruleSets);
    });
    const onMain = await loopDelay(async () => {
      for (let i = 0; i < ITERATIONS; i++) {
        runRules(xml, ruleSets);
        await new Promise((resolve) => setImmediate(resolve));
      }
    });
    rows.push([
      `event-loop delay during ${ITERATIONS} validations on the pool`,
      `p99 ${ms(onPool.p99)}, max ${ms(onPool.max)}`,
      `on the main thread: p99 ${ms(onMain.p99)}, max ${ms(onMain.max)}`,
      'off the event loop',
    ]);
  } finally {
    await validator.close();
  }

  const firsts: number[] = [];
  for (let run = 0; run < 3; run++) {
    const start = performance.now();
    const fresh = createEInvoiceValidator({ threads: 1 });
    try {
      await fresh.validate(cases[0]!.xml, cases[0]!.ruleSets);
      firsts.push(performance.now() - start);
    } finally {
      await fresh.close();
    }
  }
  rows.push([
    'first validation of a fresh thread (starts, loads the 4 rule sets; from source, through tsx)',
    ms(quantile(firsts, 0.5)),
    firsts.map(ms).join(', '),
    '',
  ]);

  console.log(`e-invoice validation, ${ITERATIONS} iterations, ms (median)`);
  console.log(row(['case', 'validation', 'baseline: parse only (ratio)', 'target']));
  console.log(row(['---', '---:', '---:', '---']));
  for (const cells of rows) console.log(row(cells));
  console.log('');
  printFacturX(await facturXRows());
  console.log(`RSS after the run: ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MB`);
}

await main();
