import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// The first render as a transition: React yields to the browser every few milliseconds instead of
// holding the main thread for the whole tree, so a slow phone stays responsive while the app starts.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
