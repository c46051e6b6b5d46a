import { Badge } from '../../../components/ui/badge';
import { Switch } from '../../../components/ui/switch';
import { Panel } from '../../../components/ui/panel';

/**
 * A placeholder: online payments are not built, so the toggle cannot be turned on
 * (docs/product/invoices.md#the-invoice-page).
 */
export function IntegrationsPanel() {
  return (
    <Panel title="Integrations" className="sm:p-6" action={<Badge tone="warning">Coming soon</Badge>}>
      <p className="text-sm text-slate-600">
        Online card payments on your invoices are coming soon. Until then, your client pays with the payment details on
        the invoice, and you record what you receive under Payments.
      </p>
      <div className="mt-4">
        <Switch
          checked={false}
          onCheckedChange={() => undefined}
          disabled
          label="Accept payments via a payment provider"
        />
      </div>
    </Panel>
  );
}
