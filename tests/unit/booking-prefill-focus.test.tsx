// @vitest-environment happy-dom
/**
 * The booking page's prefill for a returning customer (web/src/features/booking/use-returning-details.ts) when its
 * answer lands while the person is in a field: that field stays as they have it, the blank others are filled. A
 * browser test once typed "021 4946317" into Contact Number just as the prefill landed and the field held
 * "021 976 6153021 4946317".
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { KnownDetails } from '../../shared/returning-customer';
import BookingPage, { PREFILLED_NOTE } from '../../web/src/features/booking/pages/BookingPage';
import { ToastProvider } from '../../web/src/ui/toast/ToastProvider';

afterEach(() => {
  cleanup();
  // What is typed is kept as the tab's draft (booking-draft.ts); each test starts from a new tab.
  sessionStorage.clear();
});

const known: KnownDetails = { firstName: 'Mere', lastName: 'Tane', email: 'mere@example.com', contactNumber: '027 123 4567', carRegistration: 'NEW222' };

function renderWithAnswerLater() {
  let answer: (k: KnownDetails) => void = () => undefined;
  const answered = new Promise<KnownDetails>((resolve) => (answer = resolve));
  render(
    <MemoryRouter initialEntries={['/booking']}>
      <ToastProvider>
        <BookingPage loadKnownDetails={() => answered} />
      </ToastProvider>
    </MemoryRouter>,
  );
  return async () => {
    await act(async () => {
      answer(known);
      await answered;
    });
  };
}

const field = (label: string) => screen.getByLabelText(label, { exact: false, selector: 'input' }) as HTMLInputElement;

describe('prefill while the person is in a field', () => {
  it('leaves the field with the focus as it is and fills the blank others', async () => {
    const land = renderWithAnswerLater();
    field('Contact Number').focus();
    await land();
    expect(field('Contact Number').value).toBe('');
    expect(field('First Name').value).toBe('Mere');
    expect(field('Email').value).toBe('mere@example.com');
    expect(field('Car Registration').value).toBe('NEW222');
    expect(screen.getByText(PREFILLED_NOTE)).toBeTruthy();
  });

  it('keeps what was typed in the focused field', async () => {
    const land = renderWithAnswerLater();
    field('Contact Number').focus();
    fireEvent.change(field('Contact Number'), { target: { value: '021 4946317' } });
    await land();
    expect(field('Contact Number').value).toBe('021 4946317');
    expect(field('Last Name').value).toBe('Tane');
  });

  it('fills every blank field when the person is in none of them', async () => {
    const land = renderWithAnswerLater();
    await land();
    expect(field('Contact Number').value).toBe('027 123 4567');
    expect(field('Last Name').value).toBe('Tane');
  });
});
