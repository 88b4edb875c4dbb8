import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

/**
 * Where `npm run dev` (the gateway) listens; the dev server proxies the API, relay and live paths to it,
 * keeping the browser's Host (no changeOrigin), so the gateway sees the dev console as its own origin
 * and takes its writes (it refuses other origins' writes to /api).
 */
const server = { target: 'http://localhost:3000' };

/**
 * Writes `name.gz` beside every script and style sheet: the gateway sends it to browsers that accept gzip
 * (@fastify/static's preCompressed), so /login's ~420 kB of script crosses the wire as ~135 kB.
 */
function precompress(): Plugin {
  return {
    name: 'tollgate-precompress',
    apply: 'build',
    async writeBundle({ dir = 'dist' }, bundle) {
      const assets = Object.keys(bundle).filter((name) => /\.(js|css)$/.test(name));
      await Promise.all(assets.map(async (name) => writeFile(join(dir, `${name}.gz`), gzipSync(await readFile(join(dir, name)), { level: 9 }))));
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // React changes less often than the app: its own cacheable chunk (~220 kB). Other libraries are left to
    // the bundler, so each goes with the lazy pages that use it (one catch-all vendor chunk put them all in /login).
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
      '/socket.io': { ...server, ws: true },
    },
  },
});
