// A boot stage (main.tsx, ADR 0059; the server preloads every `src/boot/` module): the router and the query cache, evaluated in their own task
// before the app's modules that use them. Bindings, not bare imports: both packages declare no side
// effects, so a bare `import 'react-router'` would be dropped from the build.

export { QueryClient } from '@tanstack/react-query';
export { createBrowserRouter } from 'react-router';
