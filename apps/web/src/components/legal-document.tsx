import type { ReactNode } from 'react';

export interface LegalSection {
  /** The heading's id, so a section can be linked to. */
  id: string;
  title: string;
  body: ReactNode;
}

export interface LegalDocumentProps {
  title: string;
  updated: string;
  intro: ReactNode;
  sections: LegalSection[];
}

// Body text styles for the plain elements the sections are written with (no typography plugin).
const prose =
  'text-base leading-7 text-slate-700 [&_a]:font-medium [&_a]:text-indigo-700 [&_a]:underline [&_a]:underline-offset-2 ' +
  'hover:[&_a]:text-indigo-600 [&_h3]:mt-6 [&_h3]:font-semibold [&_h3]:text-slate-900 [&_li]:mt-2 [&_p]:mt-4 ' +
  '[&_strong]:font-semibold [&_strong]:text-slate-900 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6 [&_li]:marker:text-slate-400';

/** A legal page: title, date, table of contents and numbered sections with linkable headings. */
export function LegalDocument({ title, updated, intro, sections }: LegalDocumentProps) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <title>{`${title} · Invoicer`}</title>
      <div className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
        <p className="mt-3 text-sm text-slate-600">{updated}</p>
        <div className={`${prose} text-lg`}>{intro}</div>
      </div>

      <div className="mt-10 lg:grid lg:grid-cols-[14rem_minmax(0,1fr)] lg:items-start lg:gap-12">
        <nav
          aria-labelledby="toc-heading"
          className="rounded-2xl border border-slate-200 bg-white p-5 lg:sticky lg:top-24 lg:border-0 lg:bg-transparent lg:p-0"
        >
          <h2 id="toc-heading" className="text-sm font-semibold text-slate-900">
            On this page
          </h2>
          <ol className="mt-3 space-y-1 text-sm">
            {sections.map((section, index) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="flex gap-2 rounded-md py-1 text-slate-600 transition-colors hover:text-indigo-700"
                >
                  <span className="w-5 shrink-0 text-slate-500 tabular-nums">{index + 1}.</span>
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <div className="mt-10 max-w-3xl rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10 lg:mt-0">
          {sections.map((section, index) => (
            <section
              key={section.id}
              aria-labelledby={section.id}
              className="border-slate-100 not-first:mt-10 not-first:border-t not-first:pt-10"
            >
              <h2 id={section.id} className="scroll-mt-24 text-xl font-semibold tracking-tight text-slate-900">
                <span className="mr-2 text-slate-500 tabular-nums">{index + 1}.</span>
                {section.title}
              </h2>
              <div className={prose}>{section.body}</div>
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}
