import react from '@vitejs/plugin-react';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import prerender, { CONTENT_ENTRY, PASS_EARLY_ENTRY, PASS_ENTRY } from './prerender-plugin.ts';
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
    rolldownOptions: {
      // The pass shell's early request (src/features/pass/pass-early.ts): an entry of its own, which only
      // pass-shell.html loads (web/prerender-plugin.ts finds its file in the manifest).
      // The pass's own app entry (src/app/pass-main.tsx), which pass-shell.html loads instead of index.html's.
      // The information pages' islands (src/app/content-main.tsx), which their pre-rendered HTML loads instead.
      input: {
        index: path.join(here, 'index.html'),
        'pass-early': path.join(here, PASS_EARLY_ENTRY),
        pass: path.join(here, PASS_ENTRY),
        content: path.join(here, CONTENT_ENTRY),
      },
    },
  },
  server: { fs: { allow: [path.resolve(here, '..')] } },
});
