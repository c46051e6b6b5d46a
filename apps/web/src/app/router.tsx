import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { AppShell } from './layout/app-shell';
import { RequireAuth } from './require-auth';
import { RootLayout } from './root-layout';

/** Each page is its own chunk, so /new and / load only what they show. */
const page = (load: () => Promise<{ default: React.ComponentType }>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

const dashboard = page(() => import('./routes/dashboard').then((m) => ({ default: m.DashboardRoute })));
const clients = page(() => import('./routes/clients').then((m) => ({ default: m.ClientsRoute })));
const businesses = page(() => import('./routes/businesses').then((m) => ({ default: m.BusinessesRoute })));

/**
 * What shows while the first page's code loads: nothing, as while the session is asked for
 * (docs/product/states-and-transitions.md#session). Without it the router rendered nothing anyway,
 * but warned "No `HydrateFallback` element provided" on every page load.
 */
function NothingYet() {
  return null;
}

/** The pages and who may open them (docs/product/routes-and-access.md#pages). */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    HydrateFallback: NothingYet,
    children: [
      { path: '/', ...page(() => import('./routes/landing').then((m) => ({ default: m.LandingRoute }))) },
      { path: '/auth', ...page(() => import('./routes/auth').then((m) => ({ default: m.AuthRoute }))) },
      {
        path: '/auth/callback',
        ...page(() => import('./routes/auth-callback').then((m) => ({ default: m.AuthCallbackRoute }))),
      },
      {
        path: '/reset-password',
        ...page(() => import('./routes/reset-password').then((m) => ({ default: m.ResetPasswordRoute }))),
      },
      {
        path: '/i/:token',
        ...page(() => import('./routes/public-invoice').then((m) => ({ default: m.PublicInvoiceRoute }))),
      },
      {
        element: <AppShell />,
        children: [
          {
            path: '/new',
            ...page(() => import('./routes/new-invoice').then((m) => ({ default: m.NewInvoiceRoute }))),
          },
          {
            path: '/privacy-policy',
            ...page(() => import('./routes/privacy-policy').then((m) => ({ default: m.PrivacyPolicyRoute }))),
          },
          {
            path: '/einvoices/read',
            ...page(() => import('./routes/einvoice-reader').then((m) => ({ default: m.EInvoiceReaderRoute }))),
          },
          {
            path: '/terms-of-service',
            ...page(() => import('./routes/terms-of-service').then((m) => ({ default: m.TermsOfServiceRoute }))),
          },
          // Opened from an e-mail, signed in or not: the link is the proof (docs/product/accounts.md#e-mail-verification).
          {
            path: '/verify-email',
            ...page(() => import('./routes/verify-email').then((m) => ({ default: m.VerifyEmailRoute }))),
          },
          {
            element: <RequireAuth />,
            children: [
              { path: '/dashboard', ...dashboard },
              { path: '/Dashboard', ...dashboard },
              {
                path: '/invoices',
                ...page(() => import('./routes/invoices').then((m) => ({ default: m.InvoicesRoute }))),
              },
              {
                path: '/invoice/:id',
                ...page(() => import('./routes/invoice-detail').then((m) => ({ default: m.InvoiceDetailRoute }))),
              },
              { path: '/clients', ...clients },
              { path: '/clients/new', ...clients },
              { path: '/clients/edit/:id', ...clients },
              { path: '/businesses', ...businesses },
              { path: '/businesses/:id', ...businesses },
              {
                path: '/settings',
                ...page(() => import('./routes/settings').then((m) => ({ default: m.SettingsRoute }))),
              },
              { path: '/profile', element: <Navigate to="/settings" replace /> },
              {
                path: '/support',
                ...page(() => import('./routes/support').then((m) => ({ default: m.SupportRoute }))),
              },
              {
                path: '/notifications',
                ...page(() => import('./routes/notifications').then((m) => ({ default: m.NotificationsRoute }))),
              },
              {
                path: '/:name',
                ...page(() => import('./routes/coming-soon').then((m) => ({ default: m.ComingSoonRoute }))),
              },
            ],
          },
          { path: '*', ...page(() => import('./routes/not-found').then((m) => ({ default: m.NotFoundRoute }))) },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
