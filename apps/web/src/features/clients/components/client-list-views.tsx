import type { Client } from '@invoicer/domain/api/clients';
import { Mail, MapPin, Phone } from 'lucide-react';
import { Avatar } from '../../../components/ui/avatar';
import { Checkbox } from '../../../components/ui/checkbox';
import { invoiceCountText } from '../../../lib/invoice-count';
import { formatAdded } from '../model/client-format';
import { ClientActionsMenu, type ClientAction } from './client-actions-menu';

export interface ClientListViewProps {
  clients: Client[];
  selected: ReadonlySet<string>;
  onToggle: (id: string, checked: boolean) => void;
  onToggleAll: (checked: boolean) => void;
  onEdit: ClientAction;
  onDelete: ClientAction;
}

function allState(clients: Client[], selected: ReadonlySet<string>): boolean | 'indeterminate' {
  const count = clients.filter((client) => selected.has(client.id)).length;
  if (count === 0) return false;
  return count === clients.length ? true : 'indeterminate';
}

const SELECT_ALL = 'Select all clients on this page';

/** Desktop: Client, Contact, Invoices, Added, Actions (docs/product/clients-and-businesses.md#the-clients-page). */
export function ClientTable({ clients, selected, onToggle, onToggleAll, onEdit, onDelete }: ClientListViewProps) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">Clients</caption>
      <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
        <tr>
          <th scope="col" className="w-12 px-3 py-2">
            <Checkbox checked={allState(clients, selected)} onCheckedChange={onToggleAll} label={SELECT_ALL} />
          </th>
          <th scope="col" className="px-3 py-3">
            Client
          </th>
          <th scope="col" className="px-3 py-3">
            Contact
          </th>
          <th scope="col" className="px-3 py-3 text-right">
            Invoices
          </th>
          <th scope="col" className="px-3 py-3">
            Added
          </th>
          <th scope="col" className="px-3 py-3 text-right">
            Actions
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {clients.map((client) => (
          <tr key={client.id} className={selected.has(client.id) ? 'bg-indigo-50/60' : 'hover:bg-slate-50'}>
            <td className="px-3 py-2">
              <Checkbox
                checked={selected.has(client.id)}
                onCheckedChange={(checked) => onToggle(client.id, checked)}
                label={`Select ${client.name}`}
              />
            </td>
            <td className="px-3 py-3">
              <div className="flex items-center gap-3">
                <Avatar name={client.name} />
                <div className="min-w-0">
                  <p className="font-medium wrap-anywhere text-slate-900">{client.name}</p>
                  {client.address && (
                    <p className="line-clamp-1 text-xs wrap-anywhere text-slate-600">{client.address}</p>
                  )}
                </div>
              </div>
            </td>
            <td className="px-3 py-3">
              <p className="wrap-anywhere text-slate-800">{client.email}</p>
              {client.phone && <p className="text-xs wrap-anywhere text-slate-600">{client.phone}</p>}
            </td>
            <td className="px-3 py-3 text-right text-slate-800 tabular-nums">{client.invoice_count}</td>
            <td className="px-3 py-3 whitespace-nowrap text-slate-700">{formatAdded(client.created_at)}</td>
            <td className="px-3 py-2 text-right">
              <ClientActionsMenu client={client} onEdit={onEdit} onDelete={onDelete} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Phones, and wherever the table does not fit: one card per client, with the same selection and menu. */
export function ClientCards({ clients, selected, onToggle, onToggleAll, onEdit, onDelete }: ClientListViewProps) {
  return (
    <div>
      <div className="flex items-center gap-1 border-b border-slate-200 px-2 py-1 text-sm text-slate-700">
        <Checkbox checked={allState(clients, selected)} onCheckedChange={onToggleAll} label={SELECT_ALL} />
        <span aria-hidden>Select all</span>
      </div>
      <ul className="divide-y divide-slate-100" aria-label="Clients">
        {clients.map((client) => (
          <li key={client.id} className={selected.has(client.id) ? 'bg-indigo-50/60' : undefined}>
            <article aria-label={client.name} className="flex items-start gap-2 px-2 py-3">
              <Checkbox
                checked={selected.has(client.id)}
                onCheckedChange={(checked) => onToggle(client.id, checked)}
                label={`Select ${client.name}`}
              />
              <Avatar name={client.name} className="mt-1" />
              <div className="min-w-0 flex-1 pt-1">
                <h3 className="font-medium wrap-anywhere text-slate-900">{client.name}</h3>
                <p className="mt-1 flex items-start gap-1.5 text-sm text-slate-700">
                  <Mail className="mt-0.5 h-3.5 w-3.5 shrink-0 text-slate-500" aria-hidden />
                  <span className="min-w-0 wrap-anywhere">{client.email}</span>
                </p>
                {client.phone && (
                  <p className="mt-0.5 flex items-start gap-1.5 text-sm text-slate-700">
                    <Phone className="mt-0.5 h-3.5 w-3.5 shrink-0 text-slate-500" aria-hidden />
                    <span className="min-w-0 wrap-anywhere">{client.phone}</span>
                  </p>
                )}
                {client.address && (
                  <p className="mt-0.5 flex items-start gap-1.5 text-sm text-slate-700">
                    <MapPin className="mt-0.5 h-3.5 w-3.5 shrink-0 text-slate-500" aria-hidden />
                    <span className="min-w-0 wrap-anywhere">{client.address}</span>
                  </p>
                )}
                <p className="mt-1.5 text-xs text-slate-600">
                  {invoiceCountText(client.invoice_count)} · Added {formatAdded(client.created_at)}
                </p>
              </div>
              <ClientActionsMenu client={client} onEdit={onEdit} onDelete={onDelete} />
            </article>
          </li>
        ))}
      </ul>
    </div>
  );
}
