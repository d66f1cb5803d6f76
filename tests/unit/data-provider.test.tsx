// @vitest-environment happy-dom
/**
 * The signed-in areas' data cache (web/src/app/DataProvider.tsx): what was read for one person is never shown to the
 * next one signed in on the same browser, whether the switch happens with the page open or between two visits.
 */
import { useQuery } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DataProvider } from '../../web/src/app/DataProvider';
import { announceAuthChange } from '../../web/src/features/account/session-hint';

const POOL = 'CognitoIdentityServiceProvider.client';
const token = (email: string) => `x.${btoa(JSON.stringify({ email }))}.y`;
function signIn(email: string) {
  localStorage.clear();
  localStorage.setItem(`${POOL}.LastAuthUser`, email);
  localStorage.setItem(`${POOL}.${email}.refreshToken`, 'r');
  localStorage.setItem(`${POOL}.${email}.idToken`, token(email));
  announceAuthChange();
}

/** Shows whose bookings the cache holds; a fresh read answers for whoever is signed in now, as the API does. */
function Bookings() {
  const { data } = useQuery({ queryKey: ['me', 'bookings'], queryFn: async () => `bookings of ${localStorage.getItem(`${POOL}.LastAuthUser`)}`, staleTime: Infinity });
  return <p>{data ?? 'loading'}</p>;
}

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('DataProvider', () => {
  it("drops the last person's data when someone else signs in while the page is open", async () => {
    signIn('ana@example.com');
    render(
      <DataProvider>
        <Bookings />
      </DataProvider>,
    );
    expect(await screen.findByText('bookings of ana@example.com')).toBeTruthy();
    await act(async () => signIn('ben@example.com'));
    expect(await screen.findByText('bookings of ben@example.com')).toBeTruthy();
    expect(screen.queryByText('bookings of ana@example.com')).toBeNull();
  });

  it('drops it too when the next person signs in between two visits to the page', async () => {
    signIn('cleo@example.com');
    const first = render(
      <DataProvider>
        <Bookings />
      </DataProvider>,
    );
    expect(await screen.findByText('bookings of cleo@example.com')).toBeTruthy();
    first.unmount();
    signIn('dan@example.com');
    render(
      <DataProvider>
        <Bookings />
      </DataProvider>,
    );
    expect(await screen.findByText('bookings of dan@example.com')).toBeTruthy();
    expect(screen.queryByText('bookings of cleo@example.com')).toBeNull();
  });
});
