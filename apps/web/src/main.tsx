import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import './index.css';

// A transition: React renders the first view in time slices (yielding to the browser every few ms)
// instead of one long task, which is what Lighthouse's Total Blocking Time counts (issue 22).
const root = createRoot(document.getElementById('root') as HTMLElement);
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
