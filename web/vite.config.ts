import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The Admin UI: built by `npm run build` (and `npm install`) into web/dist, which the server
// serves at /admin. `npm run dev:web` serves it with hot reload on http://localhost:5173/admin/,
// passing /v1 to a running server (CTXHUB_URL, default http://127.0.0.1:8080). The proxy presents
// the server's own origin, as the built UI does, so the server's same-site checks hold.
const server = process.env.CTXHUB_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  root: import.meta.dirname,
  base: '/admin/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 600 },
  server: {
    port: 5173,
    strictPort: true,
    proxy: { '/v1': { target: server, changeOrigin: true, headers: { origin: server } } },
  },
});
