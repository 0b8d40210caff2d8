// Boot stages (main.tsx, ADR 0059): the routes with the shell, then the app (session, player, toasts).
export { App } from '../App';
export { newQueryClient } from '../lib/query-client';
