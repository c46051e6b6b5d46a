import { ArrowRight, Coins, FileDown, HardDrive, type LucideIcon } from 'lucide-react';
import { Link, Navigate } from 'react-router';
import { Avatar } from '../../components/ui/avatar';
import { useSession } from '../../features/auth/hooks/use-session';
import { Footer } from '../layout/footer';
import { Header } from '../layout/header';
import { MAIN_CONTENT_ID, SkipLink } from '../layout/skip-link';

/** Initials only: no stock photos and nothing fetched from other sites. */
const AVATARS = [
  { name: 'Amara Okafor', colour: 'bg-indigo-600 text-white' },
  { name: 'Jonas Keller', colour: 'bg-emerald-600 text-white' },
  { name: 'Sofia Rossi', colour: 'bg-amber-500 text-slate-900' },
  { name: 'Liam Tran', colour: 'bg-rose-600 text-white' },
  { name: 'Dana Park', colour: 'bg-sky-600 text-white' },
];

const FEATURES: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: FileDown,
    title: 'Download as PDF',
    text: 'Preview your invoice as you go, then download a clean, print-ready PDF with your logo on it.',
  },
  {
    icon: Coins,
    title: '20 currencies',
    text: 'Bill clients in any of 20 currencies, from euros and pounds to yen and rupees.',
  },
  {
    icon: HardDrive,
    title: 'Drafts saved in your browser',
    text: 'Your draft saves itself in this browser as you type, so closing the tab loses nothing. No account needed.',
  },
];

/** A drawing of an invoice for the hero; decorative, so screen readers skip it. */
function InvoiceIllustration() {
  const rows = [
    ['Website design', '1', '1,200.00'],
    ['Hosting, 12 months', '12', '15.00'],
    ['Content editing', '6', '45.00'],
  ];
  const amounts = ['1,200.00', '180.00', '270.00'];
  return (
    <div aria-hidden className="relative mx-auto w-full max-w-md select-none lg:mx-0 lg:ml-auto">
      <div className="absolute -inset-4 -z-10 rounded-[2rem] bg-gradient-to-br from-indigo-200/60 via-violet-100/40 to-transparent blur-2xl" />
      <div className="rotate-1 rounded-2xl border border-slate-200 bg-white p-6 shadow-xl shadow-slate-900/10 sm:p-8">
        <div className="flex items-start justify-between">
          <div className="flex items-center gap-2">
            <span className="h-9 w-9 rounded-lg bg-gradient-to-br from-indigo-500 to-violet-500" />
            <div>
              <p className="text-sm font-semibold text-slate-900">Studio North</p>
              <p className="text-xs text-slate-500">Manchester, UK</p>
            </div>
          </div>
          <div className="text-right">
            <p className="text-xs font-semibold tracking-widest text-indigo-600 uppercase">Invoice</p>
            <p className="text-sm font-medium text-slate-700">#0001</p>
          </div>
        </div>
        <div className="mt-6 grid grid-cols-2 gap-4 text-xs">
          <div>
            <p className="text-slate-500">Bill to</p>
            <p className="mt-0.5 font-medium text-slate-800">Acme Ltd</p>
          </div>
          <div className="text-right">
            <p className="text-slate-500">Due</p>
            <p className="mt-0.5 font-medium text-slate-800">28 Nov 2026</p>
          </div>
        </div>
        <div className="mt-6 text-xs">
          <div className="grid grid-cols-[1fr_2rem_4.5rem] gap-2 border-b border-slate-200 pb-2 font-medium text-slate-500">
            <span>Item</span>
            <span className="text-right">Qty</span>
            <span className="text-right">Amount</span>
          </div>
          {rows.map(([item, qty], index) => (
            <div
              key={item}
              className="grid grid-cols-[1fr_2rem_4.5rem] gap-2 border-b border-slate-100 py-2.5 text-slate-700"
            >
              <span className="truncate">{item}</span>
              <span className="text-right">{qty}</span>
              <span className="text-right tabular-nums">€{amounts[index]}</span>
            </div>
          ))}
        </div>
        <div className="mt-4 ml-auto w-44 space-y-1.5 text-xs">
          <div className="flex justify-between text-slate-600">
            <span>Subtotal</span>
            <span className="tabular-nums">€1,650.00</span>
          </div>
          <div className="flex justify-between text-slate-600">
            <span>Tax (20%)</span>
            <span className="tabular-nums">€330.00</span>
          </div>
          <div className="flex justify-between border-t border-slate-200 pt-2 text-sm font-semibold text-slate-900">
            <span>Total</span>
            <span className="tabular-nums">€1,980.00</span>
          </div>
        </div>
      </div>
    </div>
  );
}

/**
 * The landing page for anonymous visitors (docs/product/shell.md#landing-page); a signed-in user goes straight to the
 * editor.
 */
export function LandingRoute() {
  const session = useSession();
  if (session.status === 'signed-in') return <Navigate to="/new" replace />;

  return (
    <div className="flex min-h-dvh flex-col bg-white">
      <SkipLink />
      <Header contained />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 focus:outline-none">
        <section className="relative isolate overflow-hidden">
          <div className="absolute inset-x-0 top-0 -z-10 h-[36rem] bg-gradient-to-b from-indigo-50 via-white to-white" />
          <div className="mx-auto grid max-w-6xl items-center gap-14 px-4 pt-14 pb-20 sm:px-6 sm:pt-20 lg:grid-cols-[1.1fr_1fr] lg:gap-16 lg:pt-24 lg:pb-28">
            <div className="text-center lg:text-left">
              <p className="inline-flex items-center rounded-full bg-white px-3 py-1 text-sm font-medium text-indigo-700 shadow-sm ring-1 ring-indigo-100">
                Free to use · no sign-up needed to start
              </p>
              <h1 className="mt-6 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-6xl">
                A simpler way to invoice
              </h1>
              <p className="mx-auto mt-6 max-w-xl text-lg leading-8 text-pretty text-slate-600 lg:mx-0">
                Invoicer helps you create, manage and share professional invoices. Fill in the details, preview the
                result and download a polished PDF in minutes.
              </p>
              <div className="mt-9 flex flex-col items-center gap-7 sm:flex-row sm:justify-center lg:justify-start">
                <Link
                  to="/new"
                  className="inline-flex h-12 shrink-0 items-center gap-2 rounded-lg bg-indigo-600 px-6 whitespace-nowrap text-base font-semibold text-white shadow-sm shadow-indigo-600/30 transition-colors hover:bg-indigo-500"
                >
                  Create Invoice
                  <ArrowRight className="h-5 w-5" aria-hidden />
                </Link>
                <div className="flex flex-col items-center gap-2 sm:flex-row sm:gap-3">
                  <div className="flex -space-x-2" aria-hidden>
                    {AVATARS.map(({ name, colour }) => (
                      <Avatar key={name} name={name} colour={colour} className="ring-2 ring-white" />
                    ))}
                  </div>
                  <p className="text-center text-sm leading-5 text-slate-600 sm:text-left">
                    Used by <span className="font-semibold text-slate-900">597+</span> freelancers worldwide
                  </p>
                </div>
              </div>
            </div>
            <InvoiceIllustration />
          </div>
        </section>

        <section aria-labelledby="features-heading" className="border-t border-slate-200 bg-slate-50 py-16 sm:py-24">
          <div className="mx-auto max-w-6xl px-4 sm:px-6">
            <div className="mx-auto max-w-2xl text-center">
              <h2 id="features-heading" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
                Everything an invoice needs
              </h2>
              <p className="mt-4 text-lg leading-8 text-slate-600">
                From your logo to the last line item, build it in one place and send it the way you like.
              </p>
            </div>
            <ul className="mt-12 grid gap-6 sm:grid-cols-3">
              {FEATURES.map(({ icon: Icon, title, text }) => (
                <li key={title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                  <span className="inline-flex h-11 w-11 items-center justify-center rounded-xl bg-indigo-50 text-indigo-600">
                    <Icon className="h-6 w-6" aria-hidden />
                  </span>
                  <h3 className="mt-5 text-lg font-semibold text-slate-900">{title}</h3>
                  <p className="mt-2 leading-7 text-slate-600">{text}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>
      </main>
      <Footer contained />
    </div>
  );
}
