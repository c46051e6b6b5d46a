import { Check } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';

type TemplateId = 'modern' | 'classic' | 'minimal';

const TEMPLATES: { id: TemplateId; name: string; description: string }[] = [
  { id: 'modern', name: 'Modern', description: 'A coloured header band and clear, airy tables.' },
  { id: 'classic', name: 'Classic', description: 'Serif headings and ruled lines, like a printed letterhead.' },
  { id: 'minimal', name: 'Minimal', description: 'Black on white with nothing but the figures.' },
];

/**
 * The only template the PDF engine draws today; the others are announced (docs/product/settings.md#invoice-templates).
 */
export const DEFAULT_TEMPLATE: TemplateId = 'modern';

/** A small drawing of each layout; decorative. */
function Thumbnail({ id }: { id: TemplateId }) {
  const lines = (
    <div className="space-y-1.5">
      {[0, 1, 2].map((row) => (
        <div key={row} className="flex justify-between gap-2">
          <span className={cn('h-1.5 w-16 rounded-full', id === 'minimal' ? 'bg-slate-300' : 'bg-slate-200')} />
          <span className="h-1.5 w-6 rounded-full bg-slate-200" />
        </div>
      ))}
    </div>
  );
  return (
    <div aria-hidden className="aspect-[16/10] overflow-hidden rounded-lg border border-slate-200 bg-white">
      {id === 'modern' && <div className="h-6 bg-gradient-to-r from-indigo-600 to-violet-500" />}
      <div className="space-y-3 p-3">
        <div className="flex items-start justify-between">
          <span
            className={cn(
              'h-2 w-14 rounded-full',
              id === 'classic' ? 'bg-slate-700' : id === 'modern' ? 'bg-indigo-200' : 'bg-slate-800',
            )}
          />
          <span className="h-2 w-8 rounded-full bg-slate-300" />
        </div>
        {id === 'classic' && <div className="h-px bg-slate-400" />}
        {lines}
        <div className="flex justify-end">
          <span className={cn('h-2 w-12 rounded-full', id === 'modern' ? 'bg-indigo-500' : 'bg-slate-700')} />
        </div>
      </div>
    </div>
  );
}

/** Settings > Invoice Templates: modern is the default and the only choice for now. */
export function TemplatesSection() {
  return (
    <section aria-labelledby="templates-heading" className="space-y-5">
      <div>
        <h2 id="templates-heading" className="text-lg font-semibold text-slate-900">
          Invoice Templates
        </h2>
        <p className="mt-1 text-sm text-slate-600">The layout of the PDF invoices you download and preview.</p>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {TEMPLATES.map(({ id, name, description }) => {
          const selected = id === DEFAULT_TEMPLATE;
          return (
            <li
              key={id}
              className={cn(
                'flex flex-col gap-3 rounded-2xl border bg-white p-4 shadow-sm',
                selected ? 'border-indigo-500 ring-2 ring-indigo-500/20' : 'border-slate-200',
              )}
            >
              <Thumbnail id={id} />
              <div className="flex-1">
                <h3 className="font-semibold text-slate-900">{name}</h3>
                <p className="mt-1 text-sm text-slate-600">{description}</p>
              </div>
              {selected ? (
                <p className="inline-flex h-8 items-center gap-1.5 text-sm font-medium text-indigo-700">
                  <Check className="h-4 w-4" aria-hidden />
                  Selected
                </p>
              ) : (
                <Button variant="secondary" size="sm" disabled>
                  Coming Soon
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
