/**
 * The in-process render of a one-page Latin invoice, this checkout's PDF engine against another git ref's, in one
 * run with paired renders (alternating, so both see the same load): what a change to the engine costs
 * (docs/decisions/0068-tagged-invoice-pdfs.md).
 *
 *   cd apps/server && tsx bench/pdf-compare.bench.ts <git ref> [--pairs=300]
 *
 * The ref's apps/server/src/pdf is unpacked under bench/.compare/ (ignored, removed afterwards), next to this
 * checkout's node_modules, so both engines load the same packages and fonts.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { invoice } from '../src/pdf/pdf-test-fixtures';
import { renderInvoicePdf } from '../src/pdf/render-invoice-pdf';

const ref = process.argv[2];
if (!ref || ref.startsWith('--')) throw new Error('Usage: tsx bench/pdf-compare.bench.ts <git ref> [--pairs=N]');
const pairs = Number(/--pairs=(\d+)/.exec(process.argv.join(' '))?.[1] ?? 300);

const here = dirname(fileURLToPath(import.meta.url));
const target = join(here, '.compare');
rmSync(target, { recursive: true, force: true });
mkdirSync(target, { recursive: true });
const archive = execFileSync('git', ['archive', ref, 'src/pdf'], { cwd: join(here, '..'), maxBuffer: 1 << 28 });
execFileSync('tar', ['-x', '-C', target], { input: archive });

try {
  const before = (await import(pathToFileURL(join(target, 'src/pdf/render-invoice-pdf.ts')).href)) as {
    renderInvoicePdf: typeof renderInvoicePdf;
  };
  const sample = invoice();
  const time = async (render: typeof renderInvoicePdf): Promise<[number, number]> => {
    const start = process.hrtime.bigint();
    const pdf = await render(sample);
    return [Number(process.hrtime.bigint() - start) / 1e6, pdf.length];
  };
  for (let i = 0; i < 30; i++) {
    await time(before.renderInvoicePdf);
    await time(renderInvoicePdf);
  }
  const ratios: number[] = [];
  const times = { before: [] as number[], after: [] as number[] };
  let sizes = [0, 0];
  for (let i = 0; i < pairs; i++) {
    // Alternate which goes first, so neither always runs after the other's garbage.
    const [first, second] =
      i % 2 === 0 ? [before.renderInvoicePdf, renderInvoicePdf] : [renderInvoicePdf, before.renderInvoicePdf];
    const a = await time(first);
    const b = await time(second);
    const [old, now] = i % 2 === 0 ? [a, b] : [b, a];
    times.before.push(old[0]);
    times.after.push(now[0]);
    ratios.push(now[0] / old[0]);
    sizes = [old[1], now[1]];
  }
  const median = (values: number[]): number => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;
  console.log(`one-page Latin invoice, ${pairs} paired renders, ${ref} against this checkout`);
  console.log(`  median ${median(times.before).toFixed(2)} ms against ${median(times.after).toFixed(2)} ms`);
  console.log(`  median ratio of pairs ${median(ratios).toFixed(3)}x`);
  console.log(`  PDF size ${sizes[0]} bytes against ${sizes[1]} bytes`);
} finally {
  rmSync(target, { recursive: true, force: true });
}
