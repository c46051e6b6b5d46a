import { languageChoices, normalizeLanguage } from '@invoicer/domain/document-language';
import { isAccentColor, textAccent, type InvoiceDefaults, type TemplateName } from '@invoicer/domain/invoice-templates';
import { Check } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Input, Label } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { Switch } from '../../../components/ui/switch';
import { cn } from '../../../lib/cn';
import { templatePreviewUrl } from '../api/profile-api';
import { useSaveTemplateDefaults, useTemplateDefaults } from '../hooks/use-template-defaults';

const TEMPLATES: { id: TemplateName; name: string; description: string }[] = [
  { id: 'modern', name: 'Modern', description: 'A shaded table header and the accent on the title and the total.' },
  { id: 'classic', name: 'Classic', description: 'Serif headings and ruled lines, like a printed letterhead.' },
  { id: 'minimal', name: 'Minimal', description: 'Black on white with generous space and nothing but the figures.' },
];

/** What the colour input shows while the account uses each template's own colour (it cannot be empty). */
const NEUTRAL = '#1e3a8a';

/**
 * Settings > Invoice Templates (docs/product/settings.md#invoice-templates): the three templates, each drawn
 * by the PDF engine on a sample invoice, and the accent colour; both are the account's default, which an
 * invoice can override in the editor.
 */
export function TemplatesSection() {
  const defaults = useTemplateDefaults();
  const save = useSaveTemplateDefaults();
  // null: not edited, the saved colour shows.
  const [edited, setColourText] = useState<string | null>(null);
  const colourId = useId();
  const saved = defaults.data;
  const colourText = edited ?? saved?.accent_color ?? '';

  const typed = colourText.trim().toLowerCase();
  const draftColour = isAccentColor(typed) ? typed : null;
  const colourInvalid = typed !== '' && !draftColour;
  // The thumbnails follow the colour being typed, before it is saved.
  const previewColour = typed === '' ? null : (draftColour ?? saved?.accent_color ?? null);

  const choose = (changes: Partial<InvoiceDefaults>) => {
    if (!saved) return;
    // A saved colour ends the edit; choosing a template keeps a colour still being typed.
    const colourSaved = 'accent_color' in changes;
    save.mutate({ ...saved, ...changes }, { onSuccess: () => colourSaved && setColourText(null) });
  };

  return (
    <section aria-labelledby="templates-heading" className="space-y-5">
      <div>
        <h2 id="templates-heading" className="text-lg font-semibold text-slate-900">
          Invoice Templates
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          The layout and colour of the PDF invoices you download and preview. An invoice can choose its own in the
          editor.
        </p>
      </div>
      {defaults.isPending ? (
        <Spinner label="Loading templates" />
      ) : defaults.isError || !saved ? (
        <p role="alert" className="text-sm text-red-600">
          The templates could not be loaded. Reload the page to try again.
        </p>
      ) : (
        <>
          <div className="flex flex-wrap items-end gap-3">
            <div className="flex flex-col gap-1">
              <Label htmlFor={colourId}>Accent colour</Label>
              <div className="flex items-center gap-2">
                <input
                  type="color"
                  aria-label="Pick the accent colour"
                  value={draftColour ?? saved.accent_color ?? NEUTRAL}
                  onChange={(event) => setColourText(event.target.value.toLowerCase())}
                  className="h-10 w-12 shrink-0 cursor-pointer rounded-lg border border-slate-300 bg-white p-1"
                />
                <Input
                  id={colourId}
                  value={colourText}
                  onChange={(event) => setColourText(event.target.value)}
                  placeholder="Each template's own"
                  aria-invalid={colourInvalid || undefined}
                  aria-describedby={`${colourId}-hint`}
                  className="w-40 font-mono"
                  spellCheck={false}
                />
              </div>
            </div>
            <Button
              variant="primary"
              size="md"
              disabled={colourInvalid || save.isPending || (draftColour ?? null) === saved.accent_color}
              onClick={() => choose({ accent_color: draftColour })}
            >
              Save colour
            </Button>
            {saved.accent_color && (
              <Button
                variant="secondary"
                size="md"
                disabled={save.isPending}
                onClick={() => choose({ accent_color: null })}
              >
                Use each template&apos;s colour
              </Button>
            )}
          </div>
          <p id={`${colourId}-hint`} className={cn('-mt-2 text-sm', colourInvalid ? 'text-red-600' : 'text-slate-500')}>
            {colourInvalid
              ? 'Type a colour like #1e3a8a.'
              : draftColour && textAccent(draftColour) !== draftColour
                ? `Text in this colour is darkened to ${textAccent(draftColour)} so it stays readable.`
                : 'Six hexadecimal digits after #, or empty for each template’s own colour.'}
          </p>
          <div className="flex flex-col gap-1 rounded-2xl border border-slate-200 bg-white p-4">
            <Label htmlFor={`${colourId}-language`}>Default invoice language</Label>
            <LanguageSelect
              id={`${colourId}-language`}
              value={saved.language}
              disabled={save.isPending}
              onChange={(language) => choose({ language })}
            />
            <p className="text-sm text-slate-600">
              What a new invoice is printed in when its client has no language of its own. An invoice can choose another
              in the editor.
            </p>
          </div>
          <div className="flex flex-col gap-1 rounded-2xl border border-slate-200 bg-white p-4">
            <Switch
              id={`${colourId}-discount`}
              label="Apply discounts before tax"
              checked={saved.discount_before_tax}
              disabled={save.isPending}
              onCheckedChange={(checked) => choose({ discount_before_tax: checked })}
            />
            <p className="text-sm text-slate-600">
              When on, new invoices work out the tax on the amount after the discount, as VAT law requires; saved
              invoices keep their figures.
            </p>
          </div>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {TEMPLATES.map(({ id, name, description }) => {
              const selected = id === saved.template;
              return (
                <li
                  key={id}
                  data-template={id}
                  className={cn(
                    'flex flex-col gap-3 rounded-2xl border bg-white p-4 shadow-sm',
                    selected ? 'border-indigo-500 ring-2 ring-indigo-500/20' : 'border-slate-200',
                  )}
                >
                  <img
                    src={templatePreviewUrl(id, previewColour)}
                    alt={`${name} template on a sample invoice`}
                    width={496}
                    height={701}
                    loading="lazy"
                    className="aspect-[496/701] w-full rounded-lg border border-slate-200 bg-white object-cover object-top"
                  />
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
                    <Button
                      variant="secondary"
                      size="sm"
                      disabled={save.isPending}
                      aria-label={`Use ${name}`}
                      onClick={() => choose({ template: id })}
                    >
                      Use this template
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}

/**
 * Each language by its own name, as the editor's picker lists them (docs/decisions/0075-the-account-default-language.md);
 * a saved tag with a region (de-CH) is offered as it is, so it is kept.
 */
function LanguageSelect({
  id,
  value,
  disabled,
  onChange,
}: {
  id: string;
  value: string;
  disabled: boolean;
  onChange: (language: string) => void;
}) {
  const tag = normalizeLanguage(value) ?? 'en';
  return (
    <select
      id={id}
      value={tag}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value)}
      className="h-10 w-full max-w-xs rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/30 focus:outline-none disabled:opacity-60"
    >
      {languageChoices(tag).map((choice) => (
        <option key={choice.value} value={choice.value} lang={choice.lang}>
          {choice.label}
        </option>
      ))}
    </select>
  );
}
