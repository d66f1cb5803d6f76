// @vitest-environment happy-dom
/**
 * The staff pages' door (web/src/app/StaffArea.tsx) in the browser's own router: a signed-out visitor is sent to sign
 * in, and one who has already left is not. Signing out on /admin goes home, and the sign-out re-mounts the door
 * (DataProvider empties the cache for the next person) while the browser is already at / and home has not rendered:
 * a browser test saw that person land on the sign-in page instead of home.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionHint } from '../../web/src/features/account/session-hint';
import { StaffArea } from '../../web/src/app/StaffArea';
import { ToastProvider } from '../../web/src/ui/toast/ToastProvider';

const session = vi.hoisted(() => ({ hint: null as SessionHint | null, groups: null as string[] | null }));
vi.mock('../../web/src/features/account/session-hint', async (original) => ({
  ...(await original<typeof import('../../web/src/features/account/session-hint')>()),
  readSessionHint: () => session.hint,
}));
vi.mock('../../web/src/features/account/tokens', () => ({ currentGroups: async () => session.groups }));

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  window.history.replaceState(null, '', '/admin');
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  session.hint = null;
  session.groups = null;
});

function renderDoor() {
  render(
    <BrowserRouter>
      <ToastProvider>
        <Routes>
          <Route path="/admin" element={<StaffArea groups={['admin']} next="/admin">{() => <p>Admin dashboard</p>}</StaffArea>} />
          <Route path="/auth" element={<p>Sign-in page</p>} />
          <Route path="/" element={<p>Home page</p>} />
        </Routes>
      </ToastProvider>
    </BrowserRouter>,
  );
}

/** Past the door's 100 ms pause and its check. */
const afterTheCheck = () => act(async () => void (await vi.advanceTimersByTimeAsync(300)));

describe('the staff door', () => {
  it('sends a signed-out visitor to sign in, with the way back', async () => {
    renderDoor();
    await afterTheCheck();
    expect(window.location.pathname + window.location.search).toBe('/auth?next=%2Fadmin');
    expect(screen.getByText('Sign-in page')).toBeTruthy();
  });

  it('lets staff in, and shows Access Denied to a signed-in customer', async () => {
    session.hint = { email: 'staff@example.com', groups: ['admin'] };
    session.groups = ['admin'];
    renderDoor();
    await afterTheCheck();
    expect(screen.getByText('Admin dashboard')).toBeTruthy();
    cleanup();

    session.hint = { email: 'customer@example.com', groups: [] };
    session.groups = [];
    renderDoor();
    await afterTheCheck();
    expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeTruthy();
    expect(window.location.pathname).toBe('/admin');
  });

  it('does not send to sign in someone the browser has already taken elsewhere (signed out, on the way home)', async () => {
    renderDoor();
    // The sign-out's navigation home: the address has changed, the page has not rendered it yet.
    window.history.pushState(null, '', '/');
    await afterTheCheck();
    expect(window.location.pathname + window.location.search).toBe('/');
  });

  it('sends to sign in when the session is gone by the time the groups are read', async () => {
    session.hint = { email: 'staff@example.com', groups: ['admin'] };
    session.groups = null;
    renderDoor();
    await afterTheCheck();
    expect(window.location.pathname + window.location.search).toBe('/auth?next=%2Fadmin');
  });
});
