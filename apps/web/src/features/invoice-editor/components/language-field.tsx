import { languageChoices, normalizeLanguage } from '@invoicer/domain/document-language';
import { memo, useId } from 'react';

export interface LanguageFieldProps {
  /** A BCP 47 tag, or null: automatic (the chosen client's language, else the account's default, else English; ADR 75). */
  value: string | null;
  onChange: (language: string | null) => void;
}

/**
 * The language the PDF prints in, beside the currency (docs/decisions/0061-the-document-language.md): each language by
 * its own name. A tag with a region (de-CH, saved or from a client) is offered as it is, so it is kept.
 */
export const LanguageField = memo(function LanguageField({ value, onChange }: LanguageFieldProps) {
  const id = useId();
  const tag = normalizeLanguage(value);
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        Language
      </label>
      <select
        id={id}
        value={tag ?? ''}
        onChange={(event) => onChange(event.target.value || null)}
        className="h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/30 focus:outline-none"
      >
        <option value="">Automatic: the client's language, else your default</option>
        {languageChoices(tag).map((choice) => (
          <option key={choice.value} value={choice.value} lang={choice.lang}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
});
