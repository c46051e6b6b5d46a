import type { ReadEInvoiceResponse, ReceivedBuyer, ReceivedParty } from '@invoicer/domain/api/einvoices';
import { CircleAlert, CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { BreakableAmount } from '../../../components/ui/breakable-amount';
import { Panel } from '../../../components/ui/panel';
import {
  addressLines,
  documentTitle,
  formatAmount,
  syntaxLabel,
  unitLabel,
  vatLabel,
  verdict,
} from '../model/received-invoice';

/** One label and value of a definition list; nothing when the document leaves the value out. */
function Item({ label, children }: { label: string; children: ReactNode }) {
  if (children === undefined || children === null || children === '') return null;
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-0.5 py-1.5">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="min-w-0 text-sm font-medium break-words text-slate-900">{children}</dd>
    </div>
  );
}

function Amount({ value, currency }: { value: string | undefined; currency: string | undefined }) {
  return <BreakableAmount>{formatAmount(value, currency)}</BreakableAmount>;
}

function Party({ title, party }: { title: string; party: ReceivedParty | ReceivedBuyer }) {
  const reference = 'buyer_reference' in party ? party.buyer_reference : undefined;
  return (
    <Panel title={title}>
      <p className="text-base font-semibold break-words text-slate-900">{party.name || '—'}</p>
      {party.trading_name && <p className="text-sm text-slate-600">{party.trading_name}</p>}
      <address className="mt-1 text-sm break-words text-slate-700 not-italic">
        {addressLines(party).map((line, index) => (
          <span key={index} className="block">
            {line}
          </span>
        ))}
      </address>
      <dl className="mt-2 divide-y divide-slate-100">
        <Item label="VAT number">{party.vat_id}</Item>
        <Item label="Company number">{party.company_id}</Item>
        <Item label="Contact">{party.contact_name}</Item>
        <Item label="E-mail">{party.email}</Item>
        <Item label="Phone">{party.phone}</Item>
        <Item label="Electronic address">
          {party.endpoint_id &&
            (party.endpoint_scheme ? `${party.endpoint_id} (scheme ${party.endpoint_scheme})` : party.endpoint_id)}
        </Item>
        <Item label="Buyer reference">{reference}</Item>
      </dl>
    </Panel>
  );
}

/** A received e-invoice, readable: what it is and whether it passes the rules, parties, lines, VAT, totals, payment. */
export function ReceivedInvoiceView({ answer, actions }: { answer: ReadEInvoiceResponse; actions?: ReactNode }) {
  const { invoice, validation } = answer;
  const currency = invoice.currency;
  const { totals } = invoice;
  return (
    <div className="space-y-4">
      <section aria-labelledby="received-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="received-title" className="text-xl font-bold break-words text-slate-900">
          {documentTitle(invoice)}
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {syntaxLabel(invoice)}
          {answer.source.kind === 'pdf' &&
            ` · attached to the PDF${answer.source.attachment ? ` as ${answer.source.attachment}` : ''}`}
        </p>
        <dl className="mt-3 grid gap-x-8 sm:grid-cols-2">
          <Item label="Issued">{invoice.issue_date}</Item>
          <Item label="Due">{invoice.due_date}</Item>
          <Item label="Delivered">{invoice.delivery_date}</Item>
          <Item label="Currency">{currency}</Item>
        </dl>
        <div
          className={
            validation.valid
              ? 'mt-4 rounded-xl border border-emerald-200 bg-emerald-50 p-3 text-emerald-900'
              : 'mt-4 rounded-xl border border-amber-300 bg-amber-50 p-3 text-amber-950'
          }
        >
          <p className="flex items-center gap-2 font-semibold">
            {validation.valid ? (
              <CircleCheck className="h-5 w-5 shrink-0" aria-hidden />
            ) : (
              <CircleAlert className="h-5 w-5 shrink-0" aria-hidden />
            )}
            {verdict(validation)}
          </p>
          {!validation.valid && (
            <ul className="mt-2 space-y-1 text-sm">
              {validation.failures.map((failure, index) => (
                <li key={`${failure.id}-${index}`} className="break-words">
                  <span className="font-mono font-semibold">{failure.id}</span> {failure.text}
                </li>
              ))}
            </ul>
          )}
        </div>
        {actions}
      </section>

      <div className="grid gap-4 md:grid-cols-2">
        <Party title="Seller" party={invoice.seller} />
        <Party title="Buyer" party={invoice.buyer} />
      </div>

      <Panel title={`Lines (${invoice.lines.length})`}>
        <table className="hidden w-full text-sm md:table">
          <thead>
            <tr className="border-b border-slate-200 text-left text-slate-600">
              <th scope="col" className="py-2 pr-3 font-medium">
                Item
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-medium">
                Quantity
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-medium">
                Unit price
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                VAT
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Net amount
              </th>
            </tr>
          </thead>
          <tbody>
            {invoice.lines.map((line, index) => (
              <tr key={index} className="border-b border-slate-100 align-top">
                <td className="py-2 pr-3">
                  <span className="font-medium break-words text-slate-900">{line.name || '—'}</span>
                  {line.description && (
                    <span className="block whitespace-pre-line text-slate-600">{line.description}</span>
                  )}
                </td>
                <td className="py-2 pr-3 text-right whitespace-nowrap">
                  {line.quantity ?? '—'} {unitLabel(line.unit_code)}
                </td>
                <td className="py-2 pr-3 text-right">
                  <Amount value={line.unit_price} currency={undefined} />
                  {line.price_base_quantity && line.price_base_quantity !== '1' && (
                    <span className="block text-slate-600">per {line.price_base_quantity}</span>
                  )}
                </td>
                <td className="py-2 pr-3">{vatLabel(line.vat_category, line.vat_rate)}</td>
                <td className="py-2 text-right font-medium">
                  <Amount value={line.net_amount} currency={currency} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <ul className="space-y-3 md:hidden">
          {invoice.lines.map((line, index) => (
            <li key={index} className="rounded-xl border border-slate-200 p-3">
              <p className="font-medium break-words text-slate-900">{line.name || '—'}</p>
              {line.description && <p className="text-sm whitespace-pre-line text-slate-600">{line.description}</p>}
              <dl className="mt-1">
                <Item label="Quantity">{`${line.quantity ?? '—'} ${unitLabel(line.unit_code)}`.trim()}</Item>
                <Item label="Unit price">
                  {line.unit_price && <Amount value={line.unit_price} currency={undefined} />}
                </Item>
                <Item label="VAT">{vatLabel(line.vat_category, line.vat_rate)}</Item>
                <Item label="Net amount">
                  <Amount value={line.net_amount} currency={currency} />
                </Item>
              </dl>
            </li>
          ))}
        </ul>
        {invoice.allowances_charges.length > 0 && (
          <>
            <h3 className="mt-4 text-sm font-semibold text-slate-900">Discounts and charges</h3>
            <dl className="divide-y divide-slate-100">
              {invoice.allowances_charges.map((each, index) => (
                <Item
                  key={index}
                  label={`${each.charge ? 'Charge' : 'Discount'}${each.reason ? `: ${each.reason}` : ''} (${vatLabel(each.vat_category, each.vat_rate)})`}
                >
                  <Amount value={each.charge ? each.amount : each.amount && `-${each.amount}`} currency={currency} />
                </Item>
              ))}
            </dl>
          </>
        )}
      </Panel>

      <div className="grid gap-4 md:grid-cols-2">
        <Panel title="VAT breakdown">
          <dl className="divide-y divide-slate-100">
            {invoice.vat_breakdown.map((group, index) => (
              <div key={index} className="py-2">
                <dt className="text-sm font-medium text-slate-900">{vatLabel(group.category, group.rate)}</dt>
                <dd className="text-sm text-slate-700">
                  VAT <Amount value={group.tax_amount} currency={currency} /> on{' '}
                  <Amount value={group.taxable_amount} currency={currency} />
                  {group.exemption_reason && <span className="block text-slate-600">{group.exemption_reason}</span>}
                </dd>
              </div>
            ))}
          </dl>
        </Panel>
        <Panel title="Totals">
          <dl className="divide-y divide-slate-100">
            <Item label="Lines">{totals.line_total && <Amount value={totals.line_total} currency={currency} />}</Item>
            <Item label="Discounts">
              {totals.allowances && <Amount value={totals.allowances} currency={currency} />}
            </Item>
            <Item label="Charges">{totals.charges && <Amount value={totals.charges} currency={currency} />}</Item>
            <Item label="Total without VAT">{totals.net && <Amount value={totals.net} currency={currency} />}</Item>
            <Item label="VAT">{totals.tax && <Amount value={totals.tax} currency={currency} />}</Item>
            <Item label="Total with VAT">
              {totals.grand_total && <Amount value={totals.grand_total} currency={currency} />}
            </Item>
            <Item label="Paid">{totals.paid && <Amount value={totals.paid} currency={currency} />}</Item>
            <Item label="Rounding">{totals.rounding && <Amount value={totals.rounding} currency={currency} />}</Item>
            <Item label="Amount due">{totals.payable && <Amount value={totals.payable} currency={currency} />}</Item>
          </dl>
        </Panel>
      </div>

      {(invoice.payment.length > 0 || invoice.payment_terms) && (
        <Panel title="Payment">
          {invoice.payment.map((means, index) => (
            <dl key={index} className="divide-y divide-slate-100">
              <Item label="IBAN">{means.iban}</Item>
              <Item label="BIC">{means.bic}</Item>
              <Item label="Account holder">{means.account_name}</Item>
              <Item label="Payment reference">{means.reference}</Item>
              <Item label="Payment means code">{means.means_code}</Item>
            </dl>
          ))}
          {invoice.payment_terms && (
            <p className="mt-2 text-sm whitespace-pre-line text-slate-700">{invoice.payment_terms}</p>
          )}
        </Panel>
      )}

      {invoice.notes.length > 0 && (
        <Panel title="Notes">
          {invoice.notes.map((note, index) => (
            <p key={index} className="mb-2 text-sm break-words whitespace-pre-line text-slate-700">
              {note}
            </p>
          ))}
        </Panel>
      )}
    </div>
  );
}
