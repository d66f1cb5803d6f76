/** The 30-minute time grid, 00:00 to 23:30, less the times a daylight-saving change skips. */
import { existsInNz, earliestDropOff, nzInstant, wallClockMinutes, type WallClock } from './nz-time';

export const SLOT_MINUTES = 30;
export const DEFAULT_TIME = '09:00';

export const ALL_SLOTS: readonly string[] = Array.from({ length: (24 * 60) / SLOT_MINUTES }, (_, i) => {
  const minutes = i * SLOT_MINUTES;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
});

export function isOnGrid(time: string): boolean {
  return ALL_SLOTS.includes(time);
}

/** Slots that exist on the given NZ date. */
export function slotsFor(date: string): string[] {
  return ALL_SLOTS.filter((time) => existsInNz({ date, time }));
}

export interface SlotOption {
  time: string;
  disabled: boolean;
}

/** Drop-off choices for a date: every existing slot, disabled when earlier than now + lead time. */
export function dropOffOptions(date: string, now: Date): SlotOption[] {
  const earliest = earliestDropOff(now).getTime();
  return slotsFor(date).map((time) => ({
    time,
    disabled: (nzInstant({ date, time })?.getTime() ?? 0) < earliest,
  }));
}

/** Pick-up choices for a date: every existing slot, disabled unless strictly after the drop-off. */
export function pickUpOptions(date: string, dropOff: WallClock | null): SlotOption[] {
  return slotsFor(date).map((time) => ({
    time,
    disabled: dropOff !== null && wallClockMinutes({ date, time }) <= wallClockMinutes(dropOff),
  }));
}

/** The first enabled option, or null when the whole day is closed. */
export function firstEnabled(options: SlotOption[]): string | null {
  return options.find((o) => !o.disabled)?.time ?? null;
}
