/**
 * What the traveller's "I've landed" form shows before and after sending (rendered to HTML as the browser would
 * first paint it): the terminal choice as a labelled radio group, 1 to 8 passengers, the return flight offered, and
 * once sent, that the shuttle is on its way with what they told us.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LandedForm } from '../../web/src/features/pickup/components/LandedForm';
import { passLandedEndpoint } from '../../web/src/features/pickup/api/say-landed';

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();

describe('LandedForm', () => {
  it('asks for the terminal, the passengers and the flight, offering the return flight', () => {
    const html = renderToStaticMarkup(<LandedForm endpoint={passLandedEndpoint('p1.x.y')} returnFlight="NZ777" />);
    expect(html).toMatch(/<fieldset[^>]*><legend>Which terminal\?<\/legend>/);
    expect(html.match(/type="radio"/g)).toHaveLength(2);
    expect(text(html)).toContain('Domestic');
    expect(text(html)).toContain('International');
    expect(html.match(/<option /g)).toHaveLength(8);
    expect(html).toMatch(/<label for="([^"]+)">Number of passengers<\/label><select id="\1"/);
    expect(html).toMatch(/<label for="([^"]+)">Flight number \(optional\)<\/label><input[^>]* id="\1"[^>]* value="NZ777"/);
    expect(html).toMatch(/<button type="submit"[^>]*>I(&#x27;|')ve landed<\/button>/);
  });

  it('once sent: the shuttle is on its way, with the terminal, passengers and flight they gave', () => {
    const html = renderToStaticMarkup(
      <LandedForm
        endpoint={passLandedEndpoint('p1.x.y')}
        landed={{ state: 'waiting', terminal: 'international', passengers: 2, flight: 'NZ777', landed_at: '2030-03-17T01:05:00.000Z', updated_at: '2030-03-17T01:05:00.000Z' }}
      />,
    );
    expect(html).toContain('role="status"');
    // 01:05 UTC on 17 March 2030 is 2:05 PM in New Zealand (NZDT).
    expect(text(html)).toContain('The shuttle is on its way International terminal, 2 passengers, flight NZ777. Told us at 2:05 PM.');
    expect(text(html)).toContain('Change terminal or passengers');
    expect(html).not.toContain('type="radio"');
  });
});
