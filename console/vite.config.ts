import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Where `npm run dev` (the gateway) listens; the dev server proxies the API, relay and live paths to it. */
const server = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Libraries change less often than the app: separate, cacheable chunks (React alone is ~200 kB).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': server,
      '/v1': server,
      '/pg': server,
      '/socket.io': { target: server, ws: true },
    },
  },
});
