// Entry point: DSFR styles and start-up, then the application.
import '@codegouvfr/react-dsfr/main.css';
import './app/global.css';
import { startReactDsfr } from '@codegouvfr/react-dsfr/spa';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Link } from 'react-router-dom';
import { App } from './app/app.tsx';
import { installPreloadErrorReload } from './app/chunk-reload.ts';

declare module '@codegouvfr/react-dsfr/spa' {
  interface RegisterLink {
    Link: typeof Link;
  }
}

startReactDsfr({ defaultColorScheme: 'system', Link });
installPreloadErrorReload();

const container = document.getElementById('root');
if (!container) throw new Error('Élément #root introuvable');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
