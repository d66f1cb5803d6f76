// @vitest-environment happy-dom
/**
 * The one submit path of the web forms (web/src/ui/use-form-submit.ts), seen through a real form that uses it (the
 * account's Profile Information): the server's field errors land under the fields they name, any other failure is a
 * toast, and the button is pending while the request runs; a saved profile becomes the cached one (the greeting reads
 * it). The server is a stand-in fetch.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProfileForm } from '../../web/src/features/account/components/ProfileForm';
import { accountKeys } from '../../web/src/features/account/queries/keys';
import { ToastProvider } from '../../web/src/ui/toast/ToastProvider';

const config = { apiBase: '/api', region: 'local', userPoolId: 'p', userPoolClientId: 'c', googleSignIn: false, environment: 'test' };
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const profile = { id: 'p1', user_id: 'u1', first_name: 'Ana', last_name: 'Smith', phone: '021 555 0101', address: '1 Queen Street' };

let answer: () => Promise<Response>;
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => (url === '/config.json' ? json(200, config) : answer())),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

let client: QueryClient;
const renderForm = () => {
  client = new QueryClient();
  client.setQueryData(accountKeys.profile, { profile, populated: false, greeting_name: 'Ana' });
  return render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <ProfileForm profile={profile} />
      </ToastProvider>
    </QueryClientProvider>,
  );
};
const cached = () => client.getQueryData(accountKeys.profile);
const save = async () => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Save Profile' }));
  });
};
const errorUnder = (label: string) => {
  const input = screen.getByLabelText(label);
  const id = input.getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : undefined;
};

describe('a form submitted through useFormSubmit', () => {
  it("puts the server's field errors under the fields they name", async () => {
    answer = async () => json(400, { message: 'Please check the form', fieldErrors: { phone: 'This number is already on another account', last_name: 'Too long for us' } });
    renderForm();
    await save();
    await waitFor(() => expect(errorUnder('Contact Number')).toBe('This number is already on another account'));
    expect(errorUnder('Last Name')).toBe('Too long for us');
    expect(errorUnder('First Name')).toBeUndefined();
    expect(screen.getByLabelText('Contact Number').getAttribute('aria-invalid')).toBe('true');
    // The message goes once a field is changed.
    fireEvent.change(screen.getByLabelText('Contact Number'), { target: { value: '021 555 0199' } });
    expect(errorUnder('Contact Number')).toBeUndefined();
    expect(errorUnder('Last Name')).toBe('Too long for us');
  });

  it('turns a failure without field errors into a toast, with no field marked', async () => {
    answer = async () => json(503, { message: 'Service Unavailable' });
    renderForm();
    await save();
    expect(await screen.findByText('Failed to save profile', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
    for (const label of ['First Name', 'Last Name', 'Contact Number']) expect(errorUnder(label)).toBeUndefined();
    expect(cached()).toEqual({ profile, populated: false, greeting_name: 'Ana' });
  });

  it('keeps the button pending while the request runs, and gives it back after', async () => {
    let reply!: (r: Response) => void;
    answer = () => new Promise<Response>((resolve) => (reply = resolve));
    renderForm();
    await save();
    const pending = screen.getByRole('button', { name: 'Saving...' }) as HTMLButtonElement;
    expect(pending.disabled).toBe(true);
    await act(async () => reply(json(200, { profile: { ...profile, first_name: 'Anna' }, populated: false, greeting_name: 'Anna' })));
    const back = (await screen.findByRole('button', { name: 'Save Profile' })) as HTMLButtonElement;
    expect(back.disabled).toBe(false);
    expect(cached()).toEqual({ profile: { ...profile, first_name: 'Anna' }, populated: false, greeting_name: 'Anna' });
    expect(await screen.findByText('Profile saved successfully', undefined, { timeout: 10_000 })).toBeTruthy();
  });
});
