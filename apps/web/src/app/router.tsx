import { createBrowserRouter } from 'react-router';
import { LandingRoute } from './routes/landing';
import { NotFoundRoute } from './routes/not-found';

export const router = createBrowserRouter([
  { path: '/', element: <LandingRoute /> },
  { path: '*', element: <NotFoundRoute /> },
]);
