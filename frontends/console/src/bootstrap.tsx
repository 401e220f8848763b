import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { ensureStyles, injectCss } from '@honne/ui';

import { App } from './App.tsx';
import { consoleCss } from './styles.ts';

ensureStyles();
injectCss('honne-console-styles', consoleCss);

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
