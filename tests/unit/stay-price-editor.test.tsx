// @vitest-environment happy-dom
/**
 * The stay-and-price editor every booking dialog shares (web/src/ui/StayPriceEditor.tsx with lib/pricing): the
 * price shown is the server's answer for the stay and the services chosen. The server here is a stand-in fetch
 * that answers prices the shared rules would not give, so a price worked out in the browser cannot pass.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../shared/messages';
import { addDays, nzToday } from '../../shared/nz-time';
import { noAddOns, useStayPrice, type Stay } from '../../web/src/lib/pricing/use-stay-price';
import { StayPriceEditor } from '../../web/src/ui/StayPriceEditor';

const config = { apiBase: '/api', region: 'local', userPoolId: 'p', userPoolClientId: 'c', googleSignIn: false, environment: 'test' };
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const answer = (total: number) => ({ days: 3, parkingCost: 30, shuttleCost: 0, carWashCost: 0, carCleaningCost: 0, carDetailingCost: 0, carServicingCost: 0, total, gst: 0, parkingType: 'open', tariffParkingCost: 30, appliedRules: [] });

let asked: Record<string, unknown>[] = [];
beforeEach(() => {
  asked = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/config.json') return json(200, config);
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      asked.push(body);
      // The stand-in's own price list: $31.11 for the stay, $222.22 more with car detailing.
      return json(200, answer(body.carDetailing ? 253.33 : 31.11));
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Dialog({ start }: { start: Stay }) {
  const [stay, setStay] = useState(start);
  const price = useStayPrice(stay, { enforceLeadTime: true });
  return <StayPriceEditor idPrefix="t" stay={stay} onChange={setStay} price={price} min={nzToday(new Date())} leadTime hint="Choose your dates to see the total." />;
}

const stay = (): Stay => ({ dropOffDate: addDays(nzToday(new Date()), 5), dropOffTime: '09:00', pickUpDate: addDays(nzToday(new Date()), 7), pickUpTime: '09:00', addOns: noAddOns() });

describe('StayPriceEditor', () => {
  it('offers the car wash and the three services at their list prices', () => {
    render(<Dialog start={stay()} />);
    expect(screen.getByRole('checkbox', { name: 'Car wash (+$60.00)' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Car Cleaning (+$75.00)' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Car Detailing (+$250.00)' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Car Servicing (+$250.00)' })).toBeTruthy();
  });

  it('choosing a service shows the price the server answers for it', async () => {
    render(<Dialog start={stay()} />);
    await screen.findByText('Total: $31.11', undefined, { timeout: 10_000 });
    await act(async () => {
      fireEvent.click(screen.getByRole('checkbox', { name: 'Car Detailing (+$250.00)' }));
    });
    await screen.findByText('Total: $253.33', undefined, { timeout: 10_000 });
    expect(asked.at(-1)).toMatchObject({ carDetailing: true, carWash: false, priceOnly: true, dropOffDate: addDays(nzToday(new Date()), 5), pickUpDate: addDays(nzToday(new Date()), 7) });
    expect(screen.getByText('A deep clean and polish that brings paintwork and upholstery back to their best.')).toBeTruthy();
  });

  it('asks nothing until both dates are chosen, and says so', async () => {
    render(<Dialog start={{ ...stay(), pickUpDate: null }} />);
    expect(screen.getByText('Choose your dates to see the total.')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 300));
    expect(asked).toEqual([]);
  });

  it('a pick-up before the drop-off is said under the field, without asking the server', async () => {
    render(<Dialog start={{ ...stay(), pickUpDate: addDays(nzToday(new Date()), 5), pickUpTime: '08:00' }} />);
    expect(screen.getByText(messages.pickUpAfterDropOff)).toBeTruthy();
    await new Promise((r) => setTimeout(r, 300));
    expect(asked).toEqual([]);
  });
});
