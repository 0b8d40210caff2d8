import path from 'node:path';
import { defineConfig } from 'vite';
import { precompress } from './vite.config';

/**
 * The embeddable player's own build (no React, no router, no app shell): one small module in
 * dist/embed-player/assets, found by the server (modules/embeds) when it renders an embed page.
 * Runs after the app's build (which empties dist/).
 */
export default defineConfig({
  plugins: [precompress()],
  build: {
    outDir: 'dist/embed-player',
    emptyOutDir: true,
    sourcemap: false,
    rollupOptions: {
      input: path.resolve(import.meta.dirname, 'src/embed/main.ts'),
      output: { entryFileNames: 'assets/player-[hash].js', assetFileNames: 'assets/player-[hash][extname]' },
    },
  },
});
