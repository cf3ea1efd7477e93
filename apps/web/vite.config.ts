import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In dev the API runs beside Vite; in production the server serves dist/ on the same origin.
const apiTarget = process.env.VITE_API_TARGET ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // Every browser the portal supports preloads modules natively; the polyfill would only add
    // bytes to the sign-in page's first download.
    modulePreload: { polyfill: false },
  },
});
