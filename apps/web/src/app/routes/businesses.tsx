import { Navigate, useParams, useSearchParams } from 'react-router';
import { ROUTED_FORM_STATE } from '../../features/businesses/model/routed-form';

/**
 * /businesses and /businesses/{id} (linked from notifications and the invoice page,
 * docs/product/routes-and-access.md#pages): businesses are managed in Settings > Businesses, so these open it, with the
 * edit modal for /businesses/{id} and the create modal for ?create=true. Those modals are routed forms:
 * closing one goes back one history step (docs/product/routes-and-access.md#routed-forms).
 */
export function BusinessesRoute() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const target = new URLSearchParams({ section: 'business' });
  if (id) target.set('edit', id);
  else if (params.get('create') === 'true') target.set('create', 'true');
  // The modal knows it was opened by address, so closing it goes back where the link was followed.
  const routed = id !== undefined || target.has('create');
  return <Navigate to={`/settings?${target.toString()}`} replace state={routed ? ROUTED_FORM_STATE : null} />;
}
