/**
 * The driver's shuttle runs: the parties waiting at the terminals grouped, terminal by terminal, into runs that fit
 * the shuttle's seats, in the order they reach the kerb. A run the driver has departed on keeps its parties (they
 * were told the shuttle is on its way), whatever lands since. Pure, so the screen and the server agree.
 *
 * A party larger than the shuttle (possible only when staff set fewer seats than a party may have) cannot fit any
 * run: it gets a run of its own, flagged `overSeats`, for the driver to make in more than one trip; it never pushes
 * another party out of a run or a run over its seats.
 */
import type { Terminal } from './pickups';

export interface WaitingParty {
  bookingId: string;
  terminal: Terminal;
  passengers: number;
  /** ISO instant: when the party is expected at the kerb. */
  kerbAt: string;
  /** The run the driver departed on, if any (the run's id is set once, at Depart). */
  runId: string | null;
}

export interface ShuttleRun<P extends WaitingParty = WaitingParty> {
  /** The departed run's id, or a stable name for a run still being formed (`<terminal>-<first booking id>`). */
  id: string;
  terminal: Terminal;
  parties: P[];
  passengers: number;
  /** The earliest kerb time among its parties. */
  firstKerbAt: string;
  departed: boolean;
  /** A single party larger than the shuttle: its own run, to be made in more than one trip. */
  overSeats: boolean;
}

const byKerb = (a: WaitingParty, b: WaitingParty) => a.kerbAt.localeCompare(b.kerbAt) || a.bookingId.localeCompare(b.bookingId);

function runOf<P extends WaitingParty>(id: string, terminal: Terminal, parties: P[], departed: boolean, seats: number): ShuttleRun<P> {
  const sorted = [...parties].sort(byKerb);
  const passengers = sorted.reduce((n, p) => n + p.passengers, 0);
  return { id, terminal, parties: sorted, passengers, firstKerbAt: sorted[0]!.kerbAt, departed, overSeats: passengers > seats };
}

/**
 * Departed runs as they left; the rest, per terminal in kerb order, each party into the open run if it fits, else a
 * new run (so a later party never boards ahead of an earlier one). Runs come earliest kerb time first.
 */
export function shuttleRuns<P extends WaitingParty>(parties: readonly P[], seats: number): ShuttleRun<P>[] {
  if (!Number.isInteger(seats) || seats < 1) throw new RangeError(`A shuttle has at least one seat, not ${seats}`);
  const runs: ShuttleRun<P>[] = [];
  const departed = new Map<string, P[]>();
  const forming = new Map<Terminal, P[]>();
  for (const p of parties) {
    if (p.runId) departed.set(p.runId, [...(departed.get(p.runId) ?? []), p]);
    else forming.set(p.terminal, [...(forming.get(p.terminal) ?? []), p]);
  }
  for (const [id, members] of departed) runs.push(runOf(id, members[0]!.terminal, members, true, seats));
  for (const [terminal, members] of forming) {
    let open: P[] = [];
    let used = 0;
    const close = () => {
      if (open.length > 0) runs.push(runOf(`${terminal}-${open[0]!.bookingId}`, terminal, open, false, seats));
      open = [];
      used = 0;
    };
    for (const p of [...members].sort(byKerb)) {
      if (used + p.passengers > seats) close();
      open.push(p);
      used += p.passengers;
    }
    close();
  }
  return runs.sort((a, b) => a.firstKerbAt.localeCompare(b.firstKerbAt) || a.id.localeCompare(b.id));
}
