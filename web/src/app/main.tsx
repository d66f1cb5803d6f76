import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { registerAccountTokens } from '../features/account/token-provider';
import { App } from './App';
import '../styles.css';

registerAccountTokens();

// A pre-rendered public page (see web/prerender-plugin.ts) is hydrated; the SPA shell (spa.html) has an empty root.
const root = document.getElementById('root')!;
const app = <App router={BrowserRouter} />;
if (root.firstElementChild) hydrateRoot(root, app);
else createRoot(root).render(app);
