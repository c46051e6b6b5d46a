import { Dashboard } from '../../features/dashboard/components/dashboard';
import { useSession } from '../../features/auth/hooks/use-session';

/**
 * /dashboard and /Dashboard (docs/product/dashboard.md): the page greets the session's user and shows their figures.
 */
export function DashboardRoute() {
  const { user } = useSession();
  return (
    <>
      <title>Dashboard · Invoicer</title>
      <Dashboard firstName={user?.first_name ?? ''} defaultCurrency={user?.default_currency} />
    </>
  );
}
