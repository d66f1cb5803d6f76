import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, useRoutes } from 'react-router-dom';
import { registerAccountTokens } from '../features/account/token-provider';
import { ToastProvider } from '../ui/toast/ToastProvider';
import { appRoutes } from './routes';
import '../styles.css';

// The declarative router: the data-router APIs are not used, and leaving them out keeps ~17 KB gzip off the first load.
function App() {
  return useRoutes(appRoutes);
}

registerAccountTokens();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ToastProvider>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </ToastProvider>
  </StrictMode>,
);
