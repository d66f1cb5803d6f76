/** When the travel-day reminders go: NZ daytime, the right day, across both daylight-saving changes. */
import { describe, expect, it } from 'vitest';
import { isReminderDue, reminderDates, reminderMoment, reminderWindow } from '../../functions/use-cases/reminders/reminder-schedule';

const stay = (dropOff: string, pickUp: string) => {
  const [dropOffDate, dropOffTime] = dropOff.split(' ') as [string, string];
  const [pickUpDate, pickUpTime] = pickUp.split(' ') as [string, string];
  return { dropOffDate, dropOffTime, pickUpDate, pickUpTime };
};
const iso = (w: { start: Date; end: Date } | null) => w && [w.start.toISOString(), w.end.toISOString()];

describe('the day-before reminder', () => {
  it('goes the day before drop-off between 09:00 and 20:00 NZ time (winter, UTC+12)', () => {
    expect(iso(reminderWindow('day-before', stay('2026-07-15 06:00', '2026-07-20 18:00')))).toEqual(['2026-07-13T21:00:00.000Z', '2026-07-14T08:00:00.000Z']);
  });

  it('on the day daylight saving starts (27 September 2026, 02:00 -> 03:00): 09:00 NZDT is 20:00 UTC the day before', () => {
    expect(iso(reminderWindow('day-before', stay('2026-09-28 10:00', '2026-10-02 12:00')))).toEqual(['2026-09-26T20:00:00.000Z', '2026-09-27T07:00:00.000Z']);
    // The day before the change is still standard time.
    expect(iso(reminderWindow('day-before', stay('2026-09-27 10:00', '2026-10-02 12:00')))).toEqual(['2026-09-25T21:00:00.000Z', '2026-09-26T08:00:00.000Z']);
  });

  it('on the day daylight saving ends (5 April 2026, 03:00 -> 02:00): opens at 09:00 NZST', () => {
    expect(iso(reminderWindow('day-before', stay('2026-04-06 08:00', '2026-04-09 12:00')))).toEqual(['2026-04-04T21:00:00.000Z', '2026-04-05T08:00:00.000Z']);
    expect(iso(reminderWindow('day-before', stay('2026-04-05 08:00', '2026-04-09 12:00')))).toEqual(['2026-04-03T20:00:00.000Z', '2026-04-04T07:00:00.000Z']);
  });

  it('is due inside the window only: not at 08:59, at 09:00, at 19:59, not at 20:00 NZ time', () => {
    const b = stay('2026-09-28 10:00', '2026-10-02 12:00');
    expect(isReminderDue('day-before', b, new Date('2026-09-26T19:59:00Z'))).toBe(false);
    expect(isReminderDue('day-before', b, new Date('2026-09-26T20:00:00Z'))).toBe(true);
    expect(isReminderDue('day-before', b, new Date('2026-09-27T06:59:00Z'))).toBe(true);
    expect(isReminderDue('day-before', b, new Date('2026-09-27T07:00:00Z'))).toBe(false);
    // Not on drop-off day itself: a missed window is not made up.
    expect(isReminderDue('day-before', b, new Date('2026-09-27T21:00:00Z'))).toBe(false);
  });
});

describe('the return-day reminder', () => {
  it('goes on the return day from 09:00 until two hours before the pick-up', () => {
    expect(iso(reminderWindow('return-day', stay('2026-07-10 06:00', '2026-07-20 15:30')))).toEqual(['2026-07-19T21:00:00.000Z', '2026-07-20T01:30:00.000Z']);
  });

  it('ends at 20:00 for an evening pick-up', () => {
    expect(iso(reminderWindow('return-day', stay('2026-07-10 06:00', '2026-07-20 23:30')))).toEqual(['2026-07-19T21:00:00.000Z', '2026-07-20T08:00:00.000Z']);
  });

  it('a pick-up before 11:00 gets it the day before, 09:00 to 20:00', () => {
    expect(iso(reminderWindow('return-day', stay('2026-07-10 06:00', '2026-07-20 10:30')))).toEqual(['2026-07-18T21:00:00.000Z', '2026-07-19T08:00:00.000Z']);
  });

  it('on the day daylight saving starts and the day it ends', () => {
    // 27 September 2026: 09:00 NZDT = 20:00 UTC on the 26th; pick-up 14:00 NZDT = 01:00 UTC, less two hours.
    expect(iso(reminderWindow('return-day', stay('2026-09-20 06:00', '2026-09-27 14:00')))).toEqual(['2026-09-26T20:00:00.000Z', '2026-09-26T23:00:00.000Z']);
    // 5 April 2026: 09:00 NZST = 21:00 UTC on the 4th; pick-up 14:00 NZST = 02:00 UTC, less two hours.
    expect(iso(reminderWindow('return-day', stay('2026-03-30 06:00', '2026-04-05 14:00')))).toEqual(['2026-04-04T21:00:00.000Z', '2026-04-05T00:00:00.000Z']);
  });
});

describe('which day-sheet dates the job reads', () => {
  it('drop-offs tomorrow and pick-ups today and tomorrow, in NZ dates (10:00 NZ on 26 September is 22:00 UTC on the 25th)', () => {
    expect(reminderDates(new Date('2026-09-25T22:00:00Z'))).toEqual({ dropOffs: ['2026-09-27'], pickUps: ['2026-09-26', '2026-09-27'] });
  });
});

describe('never for a moment already past', () => {
  it('a same-day stay (16:00 to 23:30): the return-day window is the day itself, but never after the pick-up; the day-before never on the day', () => {
    const b = stay('2026-12-02 16:00', '2026-12-02 23:30');
    // 15:00 NZDT on the day (02:00 UTC): inside the return day's window; the send job also asks that the car is checked in.
    expect(isReminderDue('return-day', b, new Date('2026-12-02T02:00:00Z'))).toBe(true);
    expect(isReminderDue('day-before', b, new Date('2026-12-02T02:00:00Z'))).toBe(false);
  });

  it('a drop-off just after midnight: the day-before window closes at 20:00, before it', () => {
    const b = stay('2026-07-15 00:30', '2026-07-20 18:00');
    expect(isReminderDue('day-before', b, new Date('2026-07-14T07:59:00Z'))).toBe(true);
    expect(reminderMoment('day-before', b)!.toISOString()).toBe('2026-07-14T12:30:00.000Z');
  });
});
