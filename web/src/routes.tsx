/**
 * The SPA's route table (spec section 2). Home is in the entry chunk; every other page is a lazily
 * loaded route. Add a page here with React.lazy.
 */
import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { Layout } from './components/Layout';
import Home from './pages/Home';

const NotFound = lazy(() => import('./pages/NotFound'));
const HowItWorks = lazy(() => import('./pages/info/HowItWorks'));
const About = lazy(() => import('./pages/info/About'));
const Services = lazy(() => import('./pages/info/Services'));
const Blog = lazy(() => import('./pages/info/Blog'));
const Article = lazy(() => import('./pages/info/Article'));
const Faq = lazy(() => import('./pages/info/Faq'));
const Privacy = lazy(() => import('./pages/info/Privacy'));
const Terms = lazy(() => import('./pages/info/Terms'));
const Contact = lazy(() => import('./pages/info/Contact'));
const Booking = lazy(() => import('./booking/BookingPage'));
const Payment = lazy(() => import('./booking/PaymentPage'));
const PaymentSuccess = lazy(() => import('./booking/PaymentSuccessPage'));
const PaymentFailure = lazy(() => import('./booking/PaymentFailurePage'));

/** Pages under the shared header and footer. */
export const pageRoutes: RouteObject[] = [
  { index: true, element: <Home /> },
  // Public information pages (issue 5) go here.
  { path: 'how-it-works', element: <HowItWorks /> },
  { path: 'about', element: <About /> },
  { path: 'services', element: <Services /> },
  { path: 'blog', element: <Blog /> },
  { path: 'articles/:slug', element: <Article /> },
  { path: 'faq', element: <Faq /> },
  { path: 'privacy', element: <Privacy /> },
  { path: 'terms', element: <Terms /> },
  { path: 'contact', element: <Contact /> },
  // Booking and payment pages (issue 3) go here.
  { path: 'booking', element: <Booking /> },
  { path: 'payment', element: <Payment /> },
  { path: 'payment-success', element: <PaymentSuccess /> },
  { path: 'payment-failure', element: <PaymentFailure /> },
  { path: '*', element: <NotFound /> },
];

export const appRoutes: RouteObject[] = [{ path: '/', element: <Layout />, children: pageRoutes }];
