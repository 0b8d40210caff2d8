// A boot stage (main.tsx, ADR 0059): the route table with the shell's layout, before the app using it.
export { preloadPage } from '../routes';
