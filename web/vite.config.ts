import react from '@vitejs/plugin-react';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import prerender from './prerender-plugin.ts';
import seo from './seo-plugin.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * `@shared/x` is the repository's shared/ folder and `@/x` is web/src/x; tsconfig.json `paths` and both vitest configs
 * say the same.
 */
export const sharedAlias = { '@shared': path.resolve(here, '../shared'), '@': path.resolve(here, 'src') };

export default defineConfig({
  root: here,
  publicDir: path.join(here, 'public'),
  plugins: [react(), seo(), prerender()],
  resolve: { alias: sharedAlias },
  build: {
    outDir: path.join(here, 'dist'),
    emptyOutDir: true,
    // Maps for debugging and the bench, without a sourceMappingURL in the bundles: the deploy leaves them out.
    sourcemap: 'hidden',
    target: 'es2022',
    manifest: true,
  },
  server: { fs: { allow: [path.resolve(here, '..')] } },
});
