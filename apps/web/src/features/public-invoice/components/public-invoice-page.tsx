import { amountDueSummary } from '@invoicer/domain/amount-due';
import type { PublicInvoice } from '@invoicer/domain/api/public-links';
import { amountToMinor } from '@invoicer/domain/money';
import { formatIban } from '@invoicer/domain/bank-account';
import { labelsFor, type DocumentLabels } from '@invoicer/domain/document-labels';
import { languageDirection, languageFromBrowser } from '@invoicer/domain/document-language';
import { formatQuantityWithUnit } from '@invoicer/domain/quantity';
import { Download, FileQuestion } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { StatusBadge } from '../../../components/status-badge';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError, failureMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useDownloadPublicPdf, usePublicInvoice } from '../hooks/use-public-invoice';
import { adjustmentLabel, aroundValue, blockLines, longDate, money, statusText } from '../model/format';

/** Search engines must not index an invoice, whatever link leads to it (the server also says so in a header). */
const NoIndex = () => <meta name="robots" content="noindex, nofollow" />;

/** The product's name, never translated. */
const PRODUCT = 'Invoicer';

/**
 * The whole page in one language and its direction: the invoice's once it is loaded, the reader's browser's before
 * (and when the link does not work, which must not tell whose invoice it was). The document element carries the
 * language too, for the tab's title and the toasts, and gets its own back on leaving.
 */
function Shell({ language, children }: { language: string; children: ReactNode }) {
  const labels = labelsFor(language);
  const dir = languageDirection(language);
  const [beforeProduct, afterProduct] = aroundValue(labels.sentWith);
  useEffect(() => {
    const root = document.documentElement;
    const previous = { lang: root.lang, dir: root.dir };
    root.lang = language;
    root.dir = dir;
    return () => {
      root.lang = previous.lang;
      root.dir = previous.dir;
    };
  }, [language, dir]);
  return (
    <div lang={language} dir={dir} className="flex min-h-dvh flex-col bg-slate-100">
      <NoIndex />
      <main className="mx-auto w-full max-w-3xl flex-1 px-3 py-6 sm:px-6 sm:py-10">{children}</main>
      <footer className="pb-6 text-center text-xs text-slate-600">
        {beforeProduct}
        <Link to="/" lang="en" className="font-medium text-indigo-700 underline-offset-2 hover:underline">
          {PRODUCT}
        </Link>
        {afterProduct}
      </footer>
    </div>
  );
}

function Block({ title, text }: { title: string; text: string }) {
  const lines = blockLines(text);
  return (
    <div className="min-w-0">
      <h2 className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{title}</h2>
      <address className="mt-1 text-sm break-words text-slate-800 not-italic">
        {lines.map((line, index) => (
          <span key={index} dir="auto" className={index === 0 ? 'block font-semibold text-slate-900' : 'block'}>
            {line}
          </span>
        ))}
      </address>
    </div>
  );
}

function Section({ title, text }: { title: string; text: string }) {
  if (text.trim() === '') return null;
  return (
    <section className="mt-6 border-t border-slate-100 pt-4">
      <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
      {/* Each line in its own direction (a Latin line in an Arabic invoice reads in order), aligned as the page. */}
      <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-700 [unicode-bidi:plaintext]">
        {text.trim()}
      </p>
    </section>
  );
}

/**
 * The SEPA payment QR code under the payment details, as the PDF prints it (docs/decisions/0047-sepa-payment-qr.md):
 * a banking app scans it to fill in the transfer of the balance due. The transfer is also written out, for a reader
 * who pays from the same phone the page is open on.
 */
function PaymentQr({
  qr,
  labels,
  language,
}: {
  qr: NonNullable<PublicInvoice['payment_qr']>;
  labels: DocumentLabels;
  language: string;
}) {
  const amount = money(qr.amount, 'EUR', language); // SEPA QR codes are EUR only
  return (
    <section className="mt-6 border-t border-slate-100 pt-4" aria-labelledby="payment-qr-title">
      <h2 id="payment-qr-title" className="text-sm font-semibold text-slate-900">
        {labels.payByTransfer}
      </h2>
      <div className="mt-2 flex flex-col gap-4 sm:flex-row sm:items-center">
        <img
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qr.svg)}`}
          alt={labels.paymentQrAlt(amount, formatIban(qr.iban), qr.remittance)}
          width={160}
          height={160}
          className="h-40 w-40 shrink-0 rounded border border-slate-200 bg-white p-1"
          data-testid="public-payment-qr"
        />
        <div className="min-w-0">
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-slate-700">
            <dt className="text-slate-600">{labels.transferAmount}</dt>
            <dd className="text-slate-900 tabular-nums">{amount}</dd>
            <dt className="text-slate-600">{labels.accountHolder}</dt>
            <dd dir="auto" className="wrap-anywhere">
              {qr.name}
            </dd>
            <dt className="text-slate-600">{labels.iban}</dt>
            <dd className="wrap-anywhere tabular-nums">{formatIban(qr.iban)}</dd>
            {qr.bic !== '' && (
              <>
                <dt className="text-slate-600">{labels.bic}</dt>
                <dd className="wrap-anywhere">{qr.bic}</dd>
              </>
            )}
            <dt className="text-slate-600">{labels.reference}</dt>
            <dd dir="auto" className="wrap-anywhere">
              {qr.remittance}
            </dd>
          </dl>
          <p className="mt-2 text-xs text-slate-600">{labels.qrCaption}</p>
        </div>
      </div>
    </section>
  );
}

/**
 * The invoice as the PDF prints it: the same fields, the same figures (docs/product/public-links-and-activity.md#the-public-page),
 * in the same language, labels and formats (docs/decisions/0075-the-account-default-language.md).
 */
function PrintedInvoice({ invoice }: { invoice: PublicInvoice }) {
  const currency = invoice.currency.code;
  const { totals, language } = invoice;
  const labels = labelsFor(language);
  const amount = (value: number) => money(value, currency, language);
  const sender = blockLines(invoice.from)[0] ?? '';
  const paymentText = [invoice.payment_details, invoice.payment_instructions]
    .map((text) => text.trim())
    .filter((text) => text !== '')
    .join('\n\n');
  const totalLines: Array<[string, string]> = [[labels.subtotal, amount(totals.subtotal)]];
  if (invoice.tax.shown) {
    totalLines.push([adjustmentLabel(labels.tax, invoice.tax.percent, language), amount(totals.tax)]);
  }
  if (invoice.discount.shown) {
    totalLines.push([adjustmentLabel(labels.discount, invoice.discount.percent, language), amount(-totals.discount)]);
  }
  if (invoice.shipping.shown) totalLines.push([labels.shipping, amount(totals.shipping)]);

  const dir = languageDirection(language);
  // What the sender and client typed takes its own direction (dir="auto"), aligned as the page's: a Latin address line
  // in an Arabic invoice reads left to right and still lines up on the right.
  return (
    <article
      lang={language}
      dir={dir}
      className={cn(
        'rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-10',
        dir === 'rtl' ? 'text-right' : 'text-left',
      )}
    >
      <header className="flex flex-col-reverse gap-4 sm:flex-row sm:items-start sm:justify-between">
        {invoice.logo_url ? (
          <img
            src={invoice.logo_url}
            alt={sender ? labels.logoOf(sender) : labels.logo}
            className="max-h-20 max-w-[200px] self-start object-contain"
          />
        ) : (
          <span aria-hidden className="hidden sm:block" />
        )}
        <div className="sm:text-end">
          <p className="text-xs font-semibold tracking-widest text-slate-600 uppercase">{labels.invoice}</p>
          <h1 className="text-2xl font-bold tracking-tight break-all text-slate-900">
            {labels.invoiceNumber(invoice.invoice_number)}
          </h1>
          {invoice.status !== 'draft' && (
            <StatusBadge status={invoice.status} label={statusText(invoice.status, labels)} className="mt-1" />
          )}
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm sm:justify-end">
            <dt className="text-slate-600">{labels.issued}</dt>
            <dd className="text-slate-900">{longDate(invoice.issued_date, language)}</dd>
            <dt className="text-slate-600">{labels.due}</dt>
            <dd className="text-slate-900">{longDate(invoice.due_date, language)}</dd>
          </dl>
          <p className="mt-3 text-base font-semibold text-slate-900" data-testid="public-amount-due-summary">
            {amountDueSummary({
              amountDueMinor: amountToMinor(invoice.balance_due, currency),
              amountPaidMinor: amountToMinor(invoice.amount_paid, currency),
              currency,
              dueDate: invoice.due_date,
              language,
            })}
          </p>
        </div>
      </header>

      <div className="mt-8 grid gap-6 sm:grid-cols-2">
        <Block title={labels.from} text={invoice.from} />
        <Block title={labels.to} text={invoice.to} />
      </div>

      <section className="mt-8" aria-labelledby="public-items">
        <h2 id="public-items" className="sr-only">
          {labels.item}
        </h2>
        <table className="hidden w-full text-sm sm:table">
          <thead>
            <tr className="border-b border-slate-200 text-start text-xs tracking-wide text-slate-600 uppercase">
              <th scope="col" className="py-2 pe-3 font-semibold">
                {labels.item}
              </th>
              <th scope="col" className="px-3 py-2 text-end font-semibold">
                {labels.quantity}
              </th>
              <th scope="col" className="px-3 py-2 text-end font-semibold">
                {labels.rate}
              </th>
              <th scope="col" className="py-2 ps-3 text-end font-semibold">
                {labels.amount}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {invoice.items.map((item, index) => (
              <tr key={index}>
                <td className="py-2 pe-3 align-top">
                  <span dir="auto" className="font-medium break-words text-slate-900">
                    {item.name}
                  </span>
                  {item.description && (
                    <span dir="auto" className="block text-slate-600">
                      {item.description}
                    </span>
                  )}
                </td>
                <td className="px-3 py-2 text-end align-top text-slate-800 tabular-nums">
                  {formatQuantityWithUnit(item.quantity, item.unit, language)}
                </td>
                <td className="px-3 py-2 text-end align-top whitespace-nowrap text-slate-800 tabular-nums">
                  {amount(item.unit_cost)}
                </td>
                <td className="py-2 ps-3 text-end align-top font-medium whitespace-nowrap text-slate-900 tabular-nums">
                  {amount(item.amount)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <ul className="divide-y divide-slate-100 border-y border-slate-200 sm:hidden">
          {invoice.items.map((item, index) => (
            <li key={index} className="py-2 text-sm">
              <div className="flex justify-between gap-3">
                <span dir="auto" className="min-w-0 font-medium break-words text-slate-900">
                  {item.name}
                </span>
                <span className="font-medium whitespace-nowrap text-slate-900 tabular-nums">{amount(item.amount)}</span>
              </div>
              {item.description && (
                <p dir="auto" className="break-words text-slate-600">
                  {item.description}
                </p>
              )}
              <p className="text-slate-600 tabular-nums">
                {formatQuantityWithUnit(item.quantity, item.unit, language)} × {amount(item.unit_cost)}
              </p>
            </li>
          ))}
        </ul>
      </section>

      <dl className="mt-6 ms-auto w-full max-w-xs space-y-1.5 text-sm" data-testid="public-totals">
        {totalLines.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4">
            <dt className="text-slate-600">{label}</dt>
            <dd className="text-slate-900 tabular-nums">{value}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 border-t border-slate-200 pt-2 text-base font-bold">
          <dt className="text-slate-900">{labels.total}</dt>
          <dd className="text-slate-900 tabular-nums" data-testid="public-total">
            {amount(totals.total)}
          </dd>
        </div>
        {/* Once a payment exists, as the PDF prints it (docs/product/payments.md#on-the-pdf-and-the-public-page). */}
        {invoice.amount_paid > 0 && (
          <>
            <div className="flex justify-between gap-4 pt-1">
              <dt className="text-slate-600">{labels.amountPaid}</dt>
              <dd className="text-slate-900 tabular-nums" data-testid="public-amount-paid">
                {amount(invoice.amount_paid)}
              </dd>
            </div>
            <div className="flex justify-between gap-4 text-base font-bold">
              <dt className="text-slate-900">{labels.balanceDue}</dt>
              <dd className="text-slate-900 tabular-nums" data-testid="public-balance-due">
                {amount(invoice.balance_due)}
              </dd>
            </div>
          </>
        )}
      </dl>

      <Section title={labels.paymentDetails} text={paymentText} />
      {invoice.payment_qr && <PaymentQr qr={invoice.payment_qr} labels={labels} language={language} />}
      <Section title={labels.terms} text={invoice.terms} />
    </article>
  );
}

/**
 * /i/{token}: the invoice of a public link, for whoever has the link, without an account
 * (docs/product/public-links-and-activity.md#the-public-page). Works from 320 px: the items become a list under
 * 640 px.
 */
export function PublicInvoicePage({ token }: { token: string }) {
  const query = usePublicInvoice(token);
  const download = useDownloadPublicPdf();
  const readerLanguage = languageFromBrowser(navigator.languages);

  if (query.isPending) {
    const labels = labelsFor(readerLanguage);
    return (
      <Shell language={readerLanguage}>
        <title>{`${labels.pageTitle('', '').trim()} · ${PRODUCT}`}</title>
        <p className="flex items-center justify-center gap-3 py-20 text-slate-600">
          <Spinner label={labels.loading} />
          <span aria-hidden>{labels.loading}</span>
        </p>
      </Shell>
    );
  }
  if (query.isError) {
    const labels = labelsFor(readerLanguage);
    const gone = query.error instanceof ApiError && query.error.status === 404;
    const title = gone ? labels.linkNotFoundTitle : labels.loadFailedTitle;
    const fallback = gone ? labels.linkNotFound : labels.loadFailed;
    // The server answers in English: an English reader gets its words, any other reader the catalogue's.
    const message = readerLanguage === 'en' ? failureMessage(query.error, fallback) : fallback;
    return (
      <Shell language={readerLanguage}>
        <title>{`${title} · ${PRODUCT}`}</title>
        <div className="mx-auto flex max-w-md flex-col items-center gap-3 py-16 text-center">
          <FileQuestion className="h-12 w-12 text-slate-400" aria-hidden />
          <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
          <p className="text-sm text-slate-600">{message}</p>
          {!gone && (
            <Button variant="secondary" className="h-11 md:h-10" onClick={() => void query.refetch()}>
              {labels.retry}
            </Button>
          )}
        </div>
      </Shell>
    );
  }

  const invoice = query.data;
  const labels = labelsFor(invoice.language);
  const sender = blockLines(invoice.from)[0] ?? '';
  const [beforeSender, afterSender] = aroundValue(labels.sentYouThis);
  return (
    <Shell language={invoice.language}>
      <title>{`${labels.pageTitle(invoice.invoice_number, sender)} · ${PRODUCT}`}</title>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700">
          {sender ? (
            <>
              {beforeSender}
              <bdi className="font-semibold text-slate-900">{sender}</bdi>
              {afterSender}
            </>
          ) : (
            labels.sentToYou
          )}
        </p>
        <Button
          className="h-11 w-full sm:w-auto md:h-10"
          onClick={() => download.mutate(invoice)}
          disabled={download.isPending}
          aria-busy={download.isPending}
        >
          {download.isPending ? (
            <Spinner className="h-4 w-4" label={labels.downloading} />
          ) : (
            <Download className="h-4 w-4" aria-hidden />
          )}
          {labels.downloadPdf}
        </Button>
      </div>
      <PrintedInvoice invoice={invoice} />
    </Shell>
  );
}
