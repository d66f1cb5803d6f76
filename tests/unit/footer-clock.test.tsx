// @vitest-environment happy-dom
/**
 * The footer's year on a pre-rendered page: the build renders it with no clock offset, and the page hydrates that
 * markup after /config.json may have told it the local clock is years ahead (the pass's early script learns it before
 * the app starts). Hydration must meet the markup it was given, with no mismatch that React reports as an error, and
 * the footer then shows the clock's year.
 */
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { Footer } from '../../web/src/app/Footer';
import { clockNow, learnClockOffset } from '../../web/src/lib/clock';

const page = () => (
  <MemoryRouter>
    <Footer />
  </MemoryRouter>
);

afterEach(() => {
  learnClockOffset({});
  document.body.innerHTML = '';
});

describe('the footer on a pre-rendered page with the clock moved', () => {
  it('hydrates the build year without a mismatch, then shows the clock year', async () => {
    const html = renderToString(page());
    const buildYear = new Date().getFullYear();
    learnClockOffset({ clockOffsetMs: 5 * 366 * 86_400_000 });
    const clockYear = clockNow().getFullYear();
    expect(clockYear).toBe(buildYear + 5);

    const root = document.createElement('div');
    root.innerHTML = html;
    document.body.append(root);
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(root, page(), { onRecoverableError: (e) => errors.push(e) });
    });
    expect(errors).toEqual([]);
    expect(root.querySelector('.footer-legal')?.textContent).toContain(`© ${clockYear} `);
  });
});
