/**
 * The SPA's route table (spec section 2). Home is in the entry chunk; every other page is a lazily
 * loaded route. Add a page here with React.lazy.
 */
import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { Layout } from './components/Layout';
import Home from './pages/Home';

const NotFound = lazy(() => import('./pages/NotFound'));

/** Pages under the shared header and footer. */
export const pageRoutes: RouteObject[] = [
  { index: true, element: <Home /> },
  // Public information pages (issue 5) go here.
  // Booking and payment pages (issue 3) go here.
  { path: '*', element: <NotFound /> },
];

export const appRoutes: RouteObject[] = [{ path: '/', element: <Layout />, children: pageRoutes }];
