import { type CurrentUser, TERMS_VERSION } from '@aurum/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { anonymous, makeUser, mockApi, newUser } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';

describe('sign-in and registration', () => {
  it('requests a code, shows server errors inline and continues registration after a right code', async () => {
    let me = anonymous;
    const fetchMock = mockApi({
      'GET /api/me': (body) => me(body),
      'POST /api/me/heartbeat': () => ({ status: 204 }),
      'POST /api/auth/code': (body) => ({ status: 200, body: { challengeId: 'challenge-1', email: (body as { email: string }).email } }),
      'POST /api/auth/session': (body) => {
        if ((body as { code: string }).code !== '123456') {
          return { status: 400, body: { type: 'sign_in_code_invalid', message: 'That code is not right. 4 tries left.', statusCode: 400 } };
        }
        me = () => ({ status: 200, body: newUser() });
        return { status: 200, body: newUser() };
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/auth/login');

    const email = await screen.findByLabelText(/E-mail address/);
    await user.type(email, 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Enter a valid e-mail address')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/auth/code')).toBe(false);

    await user.clear(email);
    await user.type(email, 'Ada@Example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login/challenge-1'));
    expect(await screen.findByText('ada@example.com')).toBeTruthy();

    const code = screen.getByLabelText(/Sign-in code/);
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('That code is not right. 4 tries left.')).toBeTruthy();

    await user.clear(code);
    await user.type(code, '12ab3456');
    expect((code as HTMLInputElement).value).toBe('123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/register/accept-terms'));
  });

  it('runs the bot check when the server has it on: the notice instead of the badge, and a token with the code request', async () => {
    const requests: unknown[] = [];
    mockApi({
      'GET /api/me': anonymous,
      'GET /api/client-config': () => ({
        status: 200,
        body: { recaptcha: { siteKey: 'site-1', scriptUrl: 'https://recaptcha.test/api.js' }, errorReporting: null },
      }),
      'POST /api/auth/code': (body) => {
        requests.push(body);
        return { status: 200, body: { challengeId: 'challenge-2', email: (body as { email: string }).email } };
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/auth/login');

    expect(await screen.findByText(/protected by reCAPTCHA/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('https://policies.google.com/privacy');
    // The script is asked for once the page knows the check is on; here the test plays reCAPTCHA.
    const script = await waitFor(() => {
      const element = document.head.querySelector<HTMLScriptElement>('script[src="https://recaptcha.test/api.js?render=site-1"]');
      if (!element) throw new Error('no reCAPTCHA script yet');
      return element;
    });
    window.grecaptcha = {
      ready: (callback) => callback(),
      execute: async (siteKey, { action }) => `token-of-${siteKey}-for-${action}`,
    };
    script.dispatchEvent(new Event('load'));
    expect(document.head.innerHTML).toContain('.grecaptcha-badge { visibility: hidden; }');

    await user.type(await screen.findByLabelText(/E-mail address/), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login/challenge-2'));
    expect(requests).toEqual([{ email: 'ada@example.com', botToken: 'token-of-site-1-for-sign_in' }]);
  });

  it('accepts the terms only once the box is ticked, then moves on to the profile', async () => {
    let me = newUser();
    mockApi({
      'GET /api/me': () => ({ status: 200, body: me }),
      'POST /api/me/heartbeat': () => ({ status: 204 }),
      'POST /api/me/terms': (body) => {
        expect(body).toEqual({ version: TERMS_VERSION });
        me = { ...me, termsAcceptedAt: new Date().toISOString(), termsVersion: TERMS_VERSION };
        return { status: 200, body: me };
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/auth/register/accept-terms');

    const continueButton = await screen.findByRole('button', { name: 'Continue' });
    expect((continueButton as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'I have read and accept the terms of service' }));
    await user.click(continueButton);
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/register/setup-profile'));
    expect(await screen.findByLabelText(/Handle/)).toBeTruthy();
  });

  it('checks the handle live and finishes registration', async () => {
    let me: CurrentUser = { ...newUser(), termsAcceptedAt: new Date().toISOString(), termsVersion: TERMS_VERSION };
    const fetchMock = mockApi({
      'GET /api/me': () => ({ status: 200, body: me }),
      'POST /api/me/heartbeat': () => ({ status: 204 }),
      'GET /api/handles/taken': () => ({ status: 200, body: { handle: 'taken', available: false } }),
      'GET /api/handles/ada': () => ({ status: 200, body: { handle: 'ada', available: true } }),
      'POST /api/me/profile': (body) => {
        me = makeUser({ ...(body as object) });
        return { status: 200, body: me };
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/auth/register/setup-profile');

    const handle = await screen.findByLabelText(/Handle/);
    await user.type(handle, 'Taken');
    expect(await screen.findByText('@taken is taken. Try another.')).toBeTruthy();
    await user.clear(handle);
    await user.type(handle, 'ada');
    expect(await screen.findByText('@ada is available.')).toBeTruthy();
    await user.type(screen.getByLabelText(/Public name/), 'Ada Lovelace');
    await user.click(screen.getByRole('button', { name: 'Teal' }));
    await user.click(screen.getByRole('button', { name: 'Finish' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    const profileCall = fetchMock.mock.calls.find(([url, init]) => String(url) === '/api/me/profile' && init?.method === 'POST');
    expect(JSON.parse(String(profileCall?.[1]?.body))).toEqual({
      handle: 'ada',
      publicName: 'Ada Lovelace',
      avatarColor: 'hsl(175, 50%, 50%)',
    });
  });
});
