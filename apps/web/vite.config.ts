// Vite build of the client: served by the API process under /client/ (history mode, SPA fallback).
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { dsfrColorsPlugin } from './dsfr-colors-plugin.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  base: '/client/',
  plugins: [react(), dsfrColorsPlugin()],
  build: {
    outDir: 'dist',
    // Every browser the portal supports preloads modules itself; older ones simply fetch on import.
    modulePreload: { polyfill: false },
    emptyOutDir: true,
    rollupOptions: {
      output: {
        // Libraries change less often than the application: separate, long-cached chunks.
        // react-dsfr stays with the app: its DSFR script is loaded dynamically after a global
        // configuration, and moving it into a shared chunk breaks that order.
        // Only libraries every page needs at start, whole, go here: a library named here is loaded
        // with the entry even when only a lazy chunk uses it (DOMPurify, used by the notes, is not;
        // nor TanStack Query, whose query client is needed at start but whose hooks and observers
        // only by pages: left to Rollup, they load with the pages that use them).
        manualChunks(id) {
          if (/node_modules\/(react|react-dom|react-router|react-router-dom|scheduler)\//.test(id)) return 'react';
          if (/node_modules\/zod\//.test(id)) return 'libs';
          return undefined;
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: true },
    },
  },
});
