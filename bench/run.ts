/**
 * `npm run bench`: prints figures (sizes, latencies, scores) without asserting anything.
 * Add a module to the list; each prints under its own title. `npm run bench -- page lighthouse` runs only
 * the modules whose title contains one of the words.
 */
import { createContext, type BenchModule } from './context';

const modules: (() => Promise<{ default: BenchModule }>)[] = [
  () => import('./bundles'),
  () => import('./pages'),
  () => import('./flows'),
  () => import('./lighthouse'),
  () => import('./quotes'),
  () => import('./payments'),
  () => import('./checkout-burst'),
  () => import('./my-bookings'),
  () => import('./admin-lists'),
  () => import('./reindex'),
  () => import('./shuttle'),
];

async function main() {
  const only = process.argv.slice(2);
  const ctx = createContext();
  // An error thrown outside the awaited chain (e.g. a file vanishing from web/dist while the stack serves
  // it, because something else rebuilt it) must still stop the emulators the stack started.
  process.once('uncaughtException', (e) => {
    console.error(e);
    void ctx.close().finally(() => process.exit(1));
  });
  try {
    for (const load of modules) {
      const mod = (await load()).default;
      if (only.length && !only.some((o) => mod.title.toLowerCase().includes(o.toLowerCase()))) continue;
      console.log(`\n${mod.title}`);
      await mod.run(ctx);
    }
  } finally {
    await ctx.close();
  }
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
