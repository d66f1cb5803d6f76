/**
 * The notes a day sheet lists for its date, on the admin's day sheet and the yard screen: each booking's latest
 * flagged note, and how many others it has for the date (the server sends the count, `earlier_notes`).
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { DaySheet, FlaggedNote } from '@shared/admin';
import { DaySheetNotes } from '../../web/src/features/admin/components/DaySheetNotes';
import { YardDay } from '../../web/src/features/yard/components/YardDay';

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();

const notes: FlaggedNote[] = [
  { id: 'n1', booking_id: 'b1', booking_reference: 'RP-ABC234', text: 'Wheelchair in the boot', author: 'Tui', at: '2026-12-01T09:00:00.000Z', flag_date: '2026-12-02', earlier_notes: 29 },
  { id: 'n2', booking_id: 'b2', booking_reference: 'RP-XYZ789', text: 'Child seat', author: 'Ana', at: '2026-12-01T10:00:00.000Z', flag_date: '2026-12-02', earlier_notes: 1 },
  { id: 'n3', booking_id: 'b3', booking_reference: 'RP-KLM456', text: 'Roof rack', author: 'Ana', at: '2026-12-01T11:00:00.000Z', flag_date: '2026-12-02', earlier_notes: 0 },
];

describe("the day sheet's notes", () => {
  it("show each booking's latest note, with the count of its others where it has any", () => {
    const shown = text(renderToStaticMarkup(<DaySheetNotes notes={notes} headingId="n" />));
    expect(shown).toBe(
      'Notes for this date RP-ABC234 : Wheelchair in the boot (Tui) and 29 earlier notes for this booking: open it to read them RP-XYZ789 : Child seat (Ana) and 1 earlier note for this booking: open it to read them RP-KLM456 : Roof rack (Ana)',
    );
    expect(renderToStaticMarkup(<DaySheetNotes notes={[]} headingId="n" />)).toBe('');
  });

  it('on the yard screen too', () => {
    const sheet: DaySheet = { date: '2026-12-02', arrivals: [], departures: [], notes, tasks: [] };
    const shown = text(renderToStaticMarkup(<YardDay sheet={sheet} nowTime="08:00" onOpen={() => undefined} />));
    expect(shown).toContain('RP-ABC234 : Wheelchair in the boot and 29 earlier notes for this booking: open it to read them');
    expect(shown).toContain('RP-KLM456 : Roof rack Next two hours');
  });
});
