/**
 * The app under whichever router the caller gives it: BrowserRouter in the browser (main.tsx), StaticRouter
 * when the build pre-renders the public pages (entry-server.tsx). Both render exactly this tree.
 */
import { StrictMode, type ReactNode } from 'react';
import { useRoutes } from 'react-router-dom';
import { ToastProvider } from '../ui/toast/ToastProvider';
import { appRoutes } from './routes';

// The declarative router: the data-router APIs are not used, and leaving them out keeps ~17 KB gzip off the first load.
function Routes() {
  return useRoutes(appRoutes);
}

export function App({ router: Router }: { router: (props: { children: ReactNode }) => ReactNode }) {
  return (
    <StrictMode>
      <ToastProvider>
        <Router>
          <Routes />
        </Router>
      </ToastProvider>
    </StrictMode>
  );
}
