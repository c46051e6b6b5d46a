import type { Invoice } from '@invoicer/domain/api/invoices';
import { Pencil } from 'lucide-react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { placeholderClient, type ClientView } from '../model/invoice-view';
import { Panel, panelLinkClass } from '../../../components/ui/panel';

function clientOf(invoice: Invoice): ClientView {
  const client = invoice.client;
  if (!client) return placeholderClient(invoice.data.to);
  return {
    id: client.id,
    name: client.name,
    email: client.email,
    phone: client.phone,
    address: client.address,
    tax_number: client.tax_id,
    company: '',
    website: '',
    notes: '',
  };
}

/** Who the invoice is for; edit goes to /clients?edit={clientId} (docs/product/invoices.md#the-invoice-page). */
export function ClientPanel({ invoice }: { invoice: Invoice }) {
  const client = clientOf(invoice);
  const facts: [string, string][] = [
    ['Email', client.email],
    ['Phone', client.phone],
    ['Company', client.company],
    ['Website', client.website],
    ['Tax number', client.tax_number],
    ['Notes', client.notes],
  ];
  return (
    <Panel
      title="Client"
      className="sm:p-6"
      action={
        client.id ? (
          <Link to={`/clients?edit=${encodeURIComponent(client.id)}`} className={panelLinkClass}>
            <Pencil className="h-3.5 w-3.5" aria-hidden />
            Edit client
          </Link>
        ) : undefined
      }
    >
      <div className="flex items-start gap-3">
        <Avatar name={client.name} />
        <div className="min-w-0">
          <p className="font-medium wrap-anywhere text-slate-900" data-testid="client-name">
            {client.name}
          </p>
          {client.address && (
            <p className="text-sm whitespace-pre-line wrap-anywhere text-slate-600">{client.address}</p>
          )}
        </div>
      </div>
      <dl className="mt-3 space-y-1 text-sm">
        {facts
          .filter(([, value]) => value !== '')
          .map(([label, value]) => (
            <div key={label} className="flex gap-2">
              <dt className="w-24 shrink-0 text-slate-500">{label}</dt>
              <dd className="min-w-0 wrap-anywhere text-slate-800">{value}</dd>
            </div>
          ))}
      </dl>
      {!client.id && (
        <p className="mt-3 text-xs text-slate-500">Taken from the invoice; this client is not saved in your clients.</p>
      )}
    </Panel>
  );
}
