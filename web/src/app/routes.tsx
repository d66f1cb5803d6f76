/**
 * The SPA's route table (docs/content.md lists the public pages). Home is in the entry chunk; every other page is a lazily
 * loaded route. Add a page here with React.lazy.
 */
import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { warmSession } from '../features/account/token-provider';
import { fetchConfigJson } from '@/lib/config-json';
import { Layout } from './Layout';
import Home from './Home';

/** A signed-in page's chunk, loaded beside the session it needs (token-provider.ts, warmSession). */
const signedIn = <T,>(load: () => Promise<T>) => () => {
  warmSession();
  return load();
};
/** A page whose first request needs the API's address: /config.json is fetched beside its chunk. */
const withConfig = <T,>(load: () => Promise<T>) => () => {
  fetchConfigJson().catch(() => undefined);
  return load();
};

const NotFound = lazy(() => import('../features/not-found/pages/NotFound'));
const HowItWorks = lazy(() => import('../features/info/pages/HowItWorks'));
const About = lazy(() => import('../features/info/pages/About'));
const Services = lazy(() => import('../features/info/pages/Services'));
const Blog = lazy(() => import('../features/info/pages/Blog'));
const Article = lazy(() => import('../features/info/pages/Article'));
const Faq = lazy(() => import('../features/info/pages/Faq'));
const Privacy = lazy(() => import('../features/info/pages/Privacy'));
const Terms = lazy(() => import('../features/info/pages/Terms'));
const Contact = lazy(() => import('../features/info/pages/Contact'));
const Booking = lazy(() => import('./BookingRoute'));
const Payment = lazy(() => import('../features/booking/pages/PaymentPage'));
const PaymentSuccess = lazy(withConfig(() => import('../features/booking/pages/PaymentSuccessPage')));
const PaymentFailure = lazy(() => import('../features/booking/pages/PaymentFailurePage'));
const SignIn = lazy(() => import('../features/account/pages/SignInPage'));
const CustomerDashboard = lazy(signedIn(() => import('./DashboardRoute')));
const Admin = lazy(signedIn(() => import('./AdminRoute')));
const YardQueue = lazy(signedIn(() => import('./YardQueuePage')));
const Pass = lazy(() => import('./PassRoute'));
const ManageBooking = lazy(() => import('../features/manage-booking/pages/ManageBookingPage'));
const OpenManageLink = lazy(() => import('../features/manage-booking/pages/OpenLinkPage'));
// The yard's phone screen, with its scanner and the photos panel, loads only at /yard.
const Yard = lazy(signedIn(() => import('./YardRoute')));

/** Pages under the shared header and footer. */
export const pageRoutes: RouteObject[] = [
  { index: true, element: <Home /> },
  // Public information pages go here.
  { path: 'how-it-works', element: <HowItWorks /> },
  { path: 'about', element: <About /> },
  { path: 'services', element: <Services /> },
  { path: 'blog', element: <Blog /> },
  { path: 'articles/:slug', element: <Article notFound={<NotFound />} /> },
  { path: 'faq', element: <Faq /> },
  { path: 'privacy', element: <Privacy /> },
  { path: 'terms', element: <Terms /> },
  { path: 'contact', element: <Contact /> },
  // Booking and payment pages go here.
  { path: 'booking', element: <Booking /> },
  { path: 'payment', element: <Payment /> },
  { path: 'payment-success', element: <PaymentSuccess /> },
  { path: 'payment-failure', element: <PaymentFailure /> },
  // Accounts: one sign-in page at three addresses (docs/accounts.md), the customer dashboard and the admin page.
  { path: 'login', element: <SignIn /> },
  { path: 'customer-auth', element: <SignIn /> },
  { path: 'auth', element: <SignIn /> },
  { path: 'customer-dashboard', element: <CustomerDashboard /> },
  { path: 'admin', element: <Admin /> },
  { path: 'admin/day-sheet', element: <Admin view="day-sheet" /> },
  // The pickup queue on its own for the driver's phone (staff).
  { path: 'yard/queue', element: <YardQueue /> },
  // The booking pass and manage-my-booking without an account.
  { path: 'pass/:token', element: <Pass /> },
  { path: 'manage-booking', element: <ManageBooking /> },
  { path: 'manage-booking/open', element: <OpenManageLink /> },
  { path: 'yard', element: <Yard /> },
  { path: 'admin/walk-in', element: <Admin view="walk-in" /> },
  // The customer list and one customer's page (admins only).
  { path: 'admin/customers', element: <Admin view="customers" /> },
  { path: 'admin/customers/:id', element: <Admin view="customer" /> },
  { path: '*', element: <NotFound /> },
];

export const appRoutes: RouteObject[] = [{ path: '/', element: <Layout />, children: pageRoutes }];
