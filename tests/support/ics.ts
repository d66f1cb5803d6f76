/** Reads a calendar file back with an independent parser (ical.js), as a calendar app would, for the calendar tests. */
import ICAL from 'ical.js';

export interface ParsedEvent {
  uid: string;
  summary: string;
  description: string;
  location: string;
  url: string | null;
  status: string | null;
  sequence: number;
  /** The event's start as an instant. */
  start: Date;
  end: Date;
  attendees: string[];
}

export interface ParsedCalendar {
  method: string | null;
  events: ParsedEvent[];
}

export function parseCalendar(text: string): ParsedCalendar {
  const root = new ICAL.Component(ICAL.parse(text));
  const events = root.getAllSubcomponents('vevent').map((c) => {
    const e = new ICAL.Event(c);
    const value = (name: string) => {
      const v = c.getFirstPropertyValue(name);
      return v === null || v === undefined ? null : String(v);
    };
    return {
      uid: e.uid,
      summary: e.summary,
      description: e.description,
      location: e.location,
      url: value('url'),
      status: value('status'),
      sequence: e.sequence,
      start: e.startDate.toJSDate(),
      end: e.endDate.toJSDate(),
      attendees: c.getAllProperties('attendee').map((p) => String(p.getFirstValue())),
    };
  });
  return { method: (root.getFirstPropertyValue('method') as string | null) ?? null, events };
}

/** The NZ wall clock of an instant, "YYYY-MM-DD HH:MM", to compare with what the traveller booked. */
export function nzWallClock(at: Date): string {
  const p: Record<string, string> = {};
  for (const part of new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Auckland', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at)) p[part.type] = part.value;
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}
