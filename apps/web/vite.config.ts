import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** In development the API runs on its own port (npm run dev starts both); Vite forwards the server's paths to it. */
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? process.env.PORT ?? 3000}`;
const serverPaths = ['/api', '/generate-invoice', '/preview-invoice', '/template-preview', '/upload-logo'];

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(serverPaths.map((path) => [path, { target: apiTarget, changeOrigin: false }])),
  },
  build: { sourcemap: true, manifest: true },
});
