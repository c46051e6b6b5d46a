import { Navigate, useParams, useSearchParams } from 'react-router';

/**
 * /businesses and /businesses/{id} (linked from notifications and the invoice page,
 * docs/product/routes-and-access.md#pages): businesses are managed in Settings > Businesses, so these open it, with the
 * edit modal for /businesses/{id} and the create modal for ?create=true.
 */
export function BusinessesRoute() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const target = new URLSearchParams({ section: 'business' });
  if (id) target.set('edit', id);
  else if (params.get('create') === 'true') target.set('create', 'true');
  return <Navigate to={`/settings?${target.toString()}`} replace />;
}
