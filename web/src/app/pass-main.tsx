/**
 * The booking pass's own entry (the pass loads on a phone as fast as the public pages). pass-shell.html
 * loads it instead of main.tsx: the same header, footer and pass page, hydrated over the pre-rendered skeleton, without
 * the SPA's route table, Home's quote card and their code. Any other address the traveller goes to from here (a link
 * in the header, Manage my booking) hands over to the whole app by loading that address afresh: importing the app
 * from here would split its entry into shared chunks and make the first load of `/` larger.
 */
import { StrictMode, useEffect, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { BrowserRouter, useRoutes } from 'react-router-dom';
import { registerAccountTokens } from '../features/account/token-provider';
import { ToastProvider } from '../ui/toast/ToastProvider';
import { Layout, PageLoading } from './Layout';
import PassRoute from './PassRoute';
import '../styles.css';

registerAccountTokens();

/** Anywhere but a pass: the address the router has just moved to, loaded as a page of the whole app. */
function HandOver() {
  useEffect(() => window.location.reload(), []);
  return <PageLoading />;
}

// The app's tree for a pass (App.tsx and routes.tsx), so hydration finds the markup the build pre-rendered.
function PassRoutes() {
  return useRoutes([{ path: '/', element: <Layout />, children: [{ path: 'pass/:token', element: <PassRoute /> }, { path: '*', element: <HandOver /> }] }]);
}

function PassApp(): ReactNode {
  return (
    <StrictMode>
      <ToastProvider>
        <BrowserRouter>
          <PassRoutes />
        </BrowserRouter>
      </ToastProvider>
    </StrictMode>
  );
}

hydrateRoot(document.getElementById('root')!, <PassApp />);
