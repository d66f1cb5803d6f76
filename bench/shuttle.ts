/**
 * `npm run bench -- shuttle`: a simulated day of returns (bench/shuttle-sim.ts), the shuttle sent on "I've landed"
 * beside the shuttle timed by the tracked flight. Needs no stack. `BENCH_SHUTTLE=shuttles,seats,loop,seed` sets
 * other figures, e.g. `3,14,20,7`.
 */
import type { BenchModule } from './context';
import { DEFAULT_SHUTTLE_SETTINGS, simulateShuttleDay, type ShuttleFigures, type ShuttleSettings } from './shuttle-sim';

function settingsFromEnv(): ShuttleSettings {
  const given = (process.env.BENCH_SHUTTLE ?? '').split(',').map((v) => (v.trim() === '' ? NaN : Number(v)));
  const [shuttles, seats, loopMinutes, seed] = given;
  const pick = (v: number | undefined, fallback: number) => (v !== undefined && Number.isFinite(v) && v > 0 ? v : fallback);
  const d = DEFAULT_SHUTTLE_SETTINGS;
  return { ...d, shuttles: pick(shuttles, d.shuttles), seats: pick(seats, d.seats), loopMinutes: pick(loopMinutes, d.loopMinutes), seed: pick(seed, d.seed) };
}

const row = (name: string, a: number | string, b: number | string) => console.log(`  ${name.padEnd(34)} ${String(a).padStart(16)} ${String(b).padStart(16)}`);
const minutes = (v: number) => v.toFixed(1);

const shuttle: BenchModule = {
  title: 'Shuttle dispatch (simulation)',
  run() {
    const settings = settingsFromEnv();
    const { onLanded, flightAware } = simulateShuttleDay(settings);
    console.log(
      `  ${settings.returns} returns, ${settings.shuttles} shuttles of ${settings.seats} seats, ${settings.loopMinutes}-minute loop, seed ${settings.seed} (assumptions: bench/README.md)`,
    );
    row('kerb wait, minutes', "(a) I've landed", '(b) flight-aware');
    const line = (name: string, pick: (f: ShuttleFigures) => number, format: (v: number) => string) => row(name, format(pick(onLanded)), format(pick(flightAware)));
    line('p50', (f) => f.p50, minutes);
    line('p95', (f) => f.p95, minutes);
    line('max', (f) => f.max, minutes);
    line('runs', (f) => f.runs, String);
    line('picked up', (f) => f.pickedUp, String);
    const ratio = onLanded.p95 > 0 ? (flightAware.p95 / onLanded.p95).toFixed(2) : 'n/a';
    console.log(`  (b) p95 / (a) p95: ${ratio}; goal (b) p95 <= 10 min: ${flightAware.p95 <= 10 ? 'met' : 'NOT met'}`);
    return Promise.resolve();
  },
};

export default shuttle;
