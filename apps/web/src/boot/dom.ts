// A boot stage (main.tsx, ADR 0059): React DOM, the largest module, evaluated in a task of its own.
export { createRoot, hydrateRoot } from 'react-dom/client';
