import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { wrapSchemaDeclarations } from './src/build/pure-schemas';

const here = path.dirname(new URL(import.meta.url).pathname);

/**
 * Writes Brotli and gzip copies next to every text file of the build (the server sends them to
 * browsers that accept them, @fastify/static `preCompressed`): compressed once at build time at
 * the highest levels instead of on every request. The main bundle goes from ~385 KB to ~110 KB.
 */
export function precompress(): Plugin {
  return {
    name: 'wavecast-precompress',
    // The browser's build only (not the server's first-view render, src/server-entry.tsx).
    apply: (_, env) => env.command === 'build' && !env.isSsrBuild,
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const name of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg|json)$/.test(name)) continue;
        const file = path.join(dir, name);
        const body = await fs.readFile(file);
        if (body.length < 1024) continue;
        const brotli = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } };
        await fs.writeFile(`${file}.br`, zlib.brotliCompressSync(body, brotli));
        await fs.writeFile(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
      }
    },
  };
}

/** The shared package's schemas, wrapped so that a chunk keeps only those it reads (src/build/pure-schemas.ts). */
export function pureSchemas(): Plugin {
  const shared = `${path.resolve(here, '../../packages/shared/src')}/`;
  return {
    name: 'wavecast-pure-schemas',
    enforce: 'pre',
    transform(code, id) {
      if (!id.startsWith(shared) || !id.endsWith('.ts') || id.endsWith('.test.ts')) return null;
      return { code: wrapSchemaDeclarations(code), map: null };
    },
  };
}

/**
 * lib/zod-jitless.ts without its side effect in the browser's build: its `z.config` kept the
 * module, and zod's core with it (~4 KB gzipped), in every chunk importing `zod`, on first views
 * whose schemas the pure-schemas transform had all dropped (issue 36). Its exports are zod's own;
 * the browser's entry turns the JIT off first instead (src/lib/zod-jitless-global.ts).
 */
export function zodConfigOnlyWithSchemas(): Plugin {
  const jitless = path.join(here, 'src/lib/zod-jitless.ts');
  return {
    name: 'wavecast-zod-config-only-with-schemas',
    // The browser's build only: the server's render and the embed player keep the module's config.
    apply: (_, env) => env.command === 'build' && !env.isSsrBuild,
    transform: (code, id) => (id === jitless ? { code, map: null, moduleSideEffects: false } : null),
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [pureSchemas(), zodConfigOnlyWithSchemas(), react(), tailwindcss(), precompress()],
  // Every bare `zod` import goes through a module that turns zod's JIT off first (lib/zod-jitless.ts).
  resolve: { alias: [{ find: /^zod$/, replacement: path.join(here, 'src/lib/zod-jitless.ts') }] },
  server: {
    proxy: { '/api': { target: 'http://localhost:3000', ws: true } },
  },
  // The manifest tells the server each route's chunks, to preload with the HTML (ADR 0022).
  build: isSsrBuild
    ? { outDir: 'dist-ssr', sourcemap: false, copyPublicDir: false }
    : {
        outDir: 'dist',
        sourcemap: false,
        chunkSizeWarningLimit: 400,
        manifest: true,
        // React DOM in one chunk, its own boot stage (main.tsx, ADR 0059). Its modules are CommonJS,
        // wrapped to run when first required: the entry may import this chunk for `createPortal`
        // without running React DOM's client, which runs in the stage that asks for it.
        rolldownOptions: {
          output: {
            advancedChunks: { groups: [{ name: 'react-dom', test: /node_modules[\\/](react-dom|scheduler)[\\/]/ }] },
          },
        },
      },
}));
