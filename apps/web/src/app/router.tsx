import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { AppShell } from './layout/app-shell';
import { RequireAuth } from './require-auth';
import { RootLayout } from './root-layout';

/** Each page is its own chunk, so /new and / load only what they show. */
const page = (load: () => Promise<{ default: React.ComponentType }>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

const pending = page(() => import('./routes/pending').then((m) => ({ default: m.PendingRoute })));

/** The spec's route table (part 1 §2). Pages that later features build show a plain loading state until then. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/', ...page(() => import('./routes/landing').then((m) => ({ default: m.LandingRoute }))) },
      { path: '/auth', ...page(() => import('./routes/auth').then((m) => ({ default: m.AuthRoute }))) },
      {
        path: '/auth/callback',
        ...page(() => import('./routes/auth-callback').then((m) => ({ default: m.AuthCallbackRoute }))),
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
            path: '/terms-of-service',
            ...page(() => import('./routes/terms-of-service').then((m) => ({ default: m.TermsOfServiceRoute }))),
          },
          {
            element: <RequireAuth />,
            children: [
              { path: '/dashboard', ...pending },
              { path: '/Dashboard', ...pending },
              { path: '/invoices', ...pending },
              { path: '/invoice/:id', ...pending },
              { path: '/clients', ...pending },
              { path: '/clients/new', ...pending },
              { path: '/clients/edit/:id', ...pending },
              { path: '/businesses', ...pending },
              { path: '/businesses/:id', ...pending },
              {
                path: '/settings',
                ...page(() => import('./routes/settings').then((m) => ({ default: m.SettingsRoute }))),
              },
              { path: '/profile', element: <Navigate to="/settings" replace /> },
              { path: '/support', ...pending },
              { path: '/notifications', ...pending },
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
