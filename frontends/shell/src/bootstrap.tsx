import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { ensureStyles } from '@honne/ui';

import { App } from './App.tsx';
import { registerServiceWorker } from './features/pwa/service-worker.ts';
import { registerAllRemotes } from './remotes.ts';

ensureStyles();
registerAllRemotes();
registerServiceWorker();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
