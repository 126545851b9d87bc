import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { anonymous, makeUser, mockApi } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';
import { signInLinkFromFragment } from './SignInLinkPage';

const TOKEN = 'abcdefghijklmnopqrstuvwxyz012345';

afterEach(() => {
  window.location.hash = '';
});

describe('the e-mailed sign-in link', () => {
  it('reads the challenge and token from the fragment, and nothing from a broken one', () => {
    expect(signInLinkFromFragment(`#challenge=c-1234567&token=${TOKEN}`)).toEqual({ challengeId: 'c-1234567', linkToken: TOKEN });
    expect(signInLinkFromFragment('#challenge=c-1234567')).toBeNull();
    expect(signInLinkFromFragment(`#token=${TOKEN}`)).toBeNull();
    expect(signInLinkFromFragment('#challenge=c-1234567&token=short')).toBeNull();
    expect(signInLinkFromFragment('')).toBeNull();
  });

  it('signs in only when the reader presses the button, then goes on as after a code', async () => {
    const sent: unknown[] = [];
    let me = anonymous;
    mockApi({
      'GET /api/me': (body) => me(body),
      'POST /api/me/heartbeat': () => ({ status: 204 }),
      'POST /api/auth/session': (body) => {
        sent.push(body);
        const user = makeUser();
        me = () => ({ status: 200, body: user });
        return { status: 200, body: user };
      },
    });
    window.location.hash = `#challenge=c-1234567&token=${TOKEN}`;
    const user = userEvent.setup();
    const { router } = renderApp('/auth/link');
    const button = await screen.findByRole('button', { name: 'Sign in' });
    expect(sent).toEqual([]);
    await user.click(button);
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/auth/link'));
    expect(sent).toEqual([{ challengeId: 'c-1234567', linkToken: TOKEN }]);
  });

  it("shows the server's refusal and offers a new code", async () => {
    mockApi({
      'GET /api/me': anonymous,
      'POST /api/auth/session': () => ({
        status: 400,
        body: {
          type: 'sign_in_link_invalid',
          message: 'This sign-in link has expired or was already used. Ask for a new code.',
          statusCode: 400,
        },
      }),
    });
    window.location.hash = `#challenge=c-1234567&token=${TOKEN}`;
    const user = userEvent.setup();
    renderApp('/auth/link');
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This sign-in link has expired or was already used. Ask for a new code.');
    expect(screen.getByRole('link', { name: 'Ask for a new code' }).getAttribute('href')).toBe('/auth/login');
  });

  it('says so when the link lost its token, without asking the server', async () => {
    const fetchMock = mockApi({ 'GET /api/me': anonymous });
    window.location.hash = '#challenge=c-1234567';
    renderApp('/auth/link');
    expect(await screen.findByRole('heading', { name: 'This link is not complete' })).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/auth/session')).toBe(false);
  });
});
