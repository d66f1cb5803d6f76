/**
 * The day sheet's services to do as staff see them (rendered as the browser first paints it): each task's job and
 * booking, the time it hangs on, whether the car is in, and a plain sentence when nothing is booked.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DayTasks } from '../../web/src/ui/DayTasks';

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();

describe('DayTasks', () => {
  it('lists each service with its booking, its time and where the car is', () => {
    const html = renderToStaticMarkup(
      <DayTasks
        headingId="t"
        tasks={[
          { booking_id: 'b1', booking_reference: 'RP-ABC234', service: 'car_servicing', text: 'Car servicing for RP-ABC234', time: '07:30', when: 'after_drop_off', status: 'reservation' },
          { booking_id: 'b2', booking_reference: 'RP-XYZ789', service: 'car_detailing', text: 'Car detailing for RP-XYZ789', time: '16:00', when: 'before_pick_up', status: 'checkin' },
        ]}
      />,
    );
    expect(html).toMatch(/<section[^>]*aria-labelledby="t"><h2 id="t">Services to do/);
    expect(text(html)).toContain('Services to do 2');
    expect(text(html)).toContain('Car servicing for RP-ABC234 after the drop-off at 7:30 AM · car not in yet');
    expect(text(html)).toContain('Car detailing for RP-XYZ789 ready before the pick-up at 4:00 PM · car in the yard');
  });

  it('says when nothing is booked', () => {
    expect(text(renderToStaticMarkup(<DayTasks headingId="t" tasks={[]} />))).toBe('Services to do 0 No services booked for this date.');
  });

  it('on the yard screen each task opens its booking', () => {
    const html = renderToStaticMarkup(<DayTasks headingId="t" onOpen={() => undefined} tasks={[{ booking_id: 'b1', booking_reference: 'RP-ABC234', service: 'car_wash', text: 'Car wash for RP-ABC234', time: '09:00', when: 'before_pick_up', status: 'checkin' }]} />);
    expect(html).toMatch(/<button type="button" class="link-button">Car wash for RP-ABC234<\/button>/);
  });
});
