/**
 * A simulated day of returns at the kerb, to compare two ways of sending the shuttle: on "I've landed" (as the
 * yard works without a tracked flight) and flight-aware (the shuttle timed to the traveller's expected kerb time,
 * the landing estimate plus the terminal's walk-out time). Pure: the same seed gives the same day and figures.
 * Every distribution is stated in `DAY_ASSUMPTIONS` and bench/README.md ("Shuttle dispatch, a simulation").
 */
import { percentile } from './percentile';
import { seeded } from './seeded-random';

export interface ShuttleSettings {
  /** Returns (travellers to bring back) in the day. */
  returns: number;
  shuttles: number;
  seats: number;
  /** Yard → kerb → yard, minutes, not counting the time the shuttle waits at the kerb. */
  loopMinutes: number;
  seed: number;
}

export const DEFAULT_SHUTTLE_SETTINGS: ShuttleSettings = { returns: 300, shuttles: 2, seats: 14, loopMinutes: 20, seed: 20261231 };

/** The figures the distributions use (minutes; times of day in minutes after midnight). */
export const DAY_ASSUMPTIONS = {
  /** Scheduled landings: 40 % around a morning bank, 40 % an evening bank, 20 % anywhere from 06:00 to 23:00. */
  morningBank: { mean: 8 * 60, sd: 60 },
  eveningBank: { mean: 18.5 * 60, sd: 75 },
  spread: { from: 6 * 60, to: 23 * 60 },
  /** Delay: 70 % of flights within a few minutes (normal, sd 5, no earlier than 15 early); 30 % late by an exponential of mean 30. */
  lateShare: 0.3,
  onTimeSd: 5,
  lateMean: 30,
  /** Terminal: 55 % domestic; walk-out (doors open to the kerb) uniform 8-20 domestic, 20-50 international. */
  domesticShare: 0.55,
  walkOut: { domestic: [8, 20] as const, international: [20, 50] as const },
  /**
   * The walk-out times the yard plans with: the lower quartile of each range, so the shuttle is mostly there first
   * and holds at the kerb rather than leaving a traveller standing (the middle of each range did worse: bench/README.md).
   */
  plannedWalkOut: { domestic: 11, international: 27.5 },
  /** How far the last landing estimate the tracker saw is off the landing: normal, sd 4, within ±10. */
  estimateSd: 4,
  /** (a) "I've landed" is pressed uniformly between 2 minutes after landing and reaching the kerb. */
  pressAfterLandingMin: 2,
  /** (b) a run also takes travellers expected at the kerb up to this long after it gets there. */
  batchWindow: 10,
  /** Both ways: the shuttle waits at the kerb at most this long for those it was sent for. */
  kerbHold: 10,
} as const;

export interface Traveller {
  scheduledAt: number;
  landedAt: number;
  terminal: 'domestic' | 'international';
  /** When the traveller reaches the kerb. */
  kerbAt: number;
  /** (a) when they press "I've landed". */
  pressedAt: number;
  /** (b) when the yard expects them at the kerb: the estimate it had plus the planned walk-out. */
  expectedKerbAt: number;
}

export interface DispatchResult {
  /** Minutes each traveller stood at the kerb before the shuttle was there, in the day's order. */
  waits: number[];
  runs: number;
  pickedUp: number;
}

export interface ShuttleFigures {
  p50: number;
  p95: number;
  max: number;
  runs: number;
  pickedUp: number;
}

function normal(random: () => number): number {
  // Box-Muller; 1 - random() keeps the logarithm finite.
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

const between = (random: () => number, lo: number, hi: number) => lo + (hi - lo) * random();
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** The day's returns, drawn from the seed. */
export function drawDay(settings: ShuttleSettings): Traveller[] {
  const random = seeded(settings.seed);
  const a = DAY_ASSUMPTIONS;
  const travellers: Traveller[] = [];
  for (let i = 0; i < settings.returns; i++) {
    const bank = random();
    const scheduledAt =
      bank < 0.4
        ? a.morningBank.mean + a.morningBank.sd * normal(random)
        : bank < 0.8
          ? a.eveningBank.mean + a.eveningBank.sd * normal(random)
          : between(random, a.spread.from, a.spread.to);
    const delay = random() < a.lateShare ? -a.lateMean * Math.log(1 - random()) : Math.max(-15, a.onTimeSd * normal(random));
    const landedAt = scheduledAt + delay;
    const terminal = random() < a.domesticShare ? 'domestic' : 'international';
    const [lo, hi] = a.walkOut[terminal];
    const kerbAt = landedAt + between(random, lo, hi);
    const pressedAt = between(random, landedAt + a.pressAfterLandingMin, Math.max(kerbAt, landedAt + a.pressAfterLandingMin));
    const estimate = landedAt + clamp(a.estimateSd * normal(random), -10, 10);
    travellers.push({ scheduledAt, landedAt, terminal, kerbAt, pressedAt, expectedKerbAt: estimate + a.plannedWalkOut[terminal] });
  }
  return travellers;
}

/**
 * Sends runs until everyone is picked up. `orderBy` is the order the yard serves travellers in (and a straggler's
 * place is their kerb time), `departFor` when a run for a traveller leaves given when the shuttle is back,
 * `batchUntil` the latest `orderBy` a run leaving then also takes. A run goes with the shuttle back first, waits at
 * the kerb up to `kerbHold` minutes for those it was sent for and comes back; anyone not out by then is served again
 * from when they reach the kerb (they say so: the driver sees them, or they press "I've landed" or phone). A
 * traveller's wait is their time at the kerb before the shuttle that took them was there.
 */
function dispatch(
  travellers: Traveller[],
  settings: ShuttleSettings,
  orderBy: (t: Traveller) => number,
  departFor: (t: Traveller, shuttleFreeAt: number) => number,
  batchUntil: (departAt: number) => number,
): DispatchResult {
  const half = settings.loopMinutes / 2;
  type Queued = { t: Traveller; i: number; at: number; straggler: boolean };
  const queue: Queued[] = travellers.map((t, i) => ({ t, i, at: orderBy(t), straggler: false }));
  const freeAt = Array.from({ length: settings.shuttles }, () => -Infinity);
  const waits = new Array<number>(travellers.length).fill(NaN);
  let runs = 0;
  while (queue.length) {
    queue.sort((x, y) => x.at - y.at || x.i - y.i);
    const shuttle = freeAt.indexOf(Math.min(...freeAt));
    const first = queue[0]!;
    const departAt = first.straggler ? Math.max(freeAt[shuttle]!, first.at) : departFor(first.t, freeAt[shuttle]!);
    const limit = Math.max(batchUntil(departAt), departAt);
    const run = queue.filter((q) => q.at <= limit).slice(0, settings.seats);
    if (!run.length) run.push(first);
    const atKerb = departAt + half;
    const leavesKerb = Math.min(atKerb + DAY_ASSUMPTIONS.kerbHold, Math.max(atKerb, ...run.map(({ t }) => t.kerbAt)));
    for (const q of run) {
      queue.splice(queue.indexOf(q), 1);
      if (q.t.kerbAt <= leavesKerb) waits[q.i] = Math.max(0, atKerb - q.t.kerbAt);
      else queue.push({ ...q, at: q.t.kerbAt, straggler: true });
    }
    freeAt[shuttle] = leavesKerb + half;
    runs++;
  }
  return { waits, runs, pickedUp: waits.filter((w) => !Number.isNaN(w)).length };
}

/** (a) today: a shuttle back in the yard leaves at once for everyone who has pressed "I've landed", oldest first. */
export function dispatchOnLanded(travellers: Traveller[], settings: ShuttleSettings): DispatchResult {
  return dispatch(
    travellers,
    settings,
    (t) => t.pressedAt,
    (t, free) => Math.max(free, t.pressedAt),
    (departAt) => departAt,
  );
}

/** (b) flight-aware: each run leaves to reach the kerb when its first traveller is expected there, if a shuttle is back by then. */
export function dispatchFlightAware(travellers: Traveller[], settings: ShuttleSettings): DispatchResult {
  const half = settings.loopMinutes / 2;
  return dispatch(
    travellers,
    settings,
    (t) => t.expectedKerbAt,
    (t, free) => Math.max(free, t.expectedKerbAt - half),
    (departAt) => Math.max(departAt + half, 0) + DAY_ASSUMPTIONS.batchWindow,
  );
}

export function figures(result: DispatchResult): ShuttleFigures {
  const sorted = result.waits.filter((w) => !Number.isNaN(w)).sort((x, y) => x - y);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted[sorted.length - 1] ?? NaN, runs: result.runs, pickedUp: result.pickedUp };
}

/** Both ways on the same day. */
export function simulateShuttleDay(settings: ShuttleSettings = DEFAULT_SHUTTLE_SETTINGS): { onLanded: ShuttleFigures; flightAware: ShuttleFigures } {
  const day = drawDay(settings);
  return { onLanded: figures(dispatchOnLanded(day, settings)), flightAware: figures(dispatchFlightAware(day, settings)) };
}
