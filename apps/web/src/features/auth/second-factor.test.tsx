import type { CurrentUser, SecondFactorStatus } from '@aurum/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { anonymous, makeUser, mockApi } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';

const noFactors: SecondFactorStatus = { enabled: false, totp: false, passkeys: [], recoveryCodesLeft: 0, verifiedAt: null };
const withApp: SecondFactorStatus = {
  ...noFactors,
  enabled: true,
  totp: true,
  recoveryCodesLeft: 10,
  verifiedAt: '2026-11-28T12:00:00.000Z',
};
const CODES = [
  'abcdefghjk',
  'mnpqrstuvw',
  'xyz2345678',
  'a2b3c4d5e6',
  'f7g8h9j2k3',
  'm4n5p6q7r8',
  's9t2u3v4w5',
  'x6y7z8a9b2',
  'c3d4e5f6g7',
  'h8j9k2m3n4',
];
const stepUpRequired = {
  status: 403,
  body: { type: 'step_up_required', message: 'Confirm it is you with your passkey or authenticator app, then try again.', statusCode: 403 },
};

describe('two-step sign-in', () => {
  it('asks an account with an authenticator app for its code after the mailed one, and takes a recovery code instead', async () => {
    let me = anonymous;
    const answers: unknown[] = [];
    mockApi({
      'GET /api/me': (body) => me(body),
      'POST /api/me/heartbeat': () => ({ status: 204 }),
      'POST /api/auth/session': () => ({ status: 200, body: { secondFactor: { ticket: 't'.repeat(32), methods: ['totp', 'recovery'] } } }),
      'POST /api/auth/second-factor': (body) => {
        answers.push(body);
        if ((body as { totpCode?: string }).totpCode) {
          return { status: 400, body: { type: 'second_factor_invalid', message: 'That did not match.', statusCode: 400 } };
        }
        const user = makeUser({ id: 'u1', userId: 'u1' });
        me = () => ({ status: 200, body: user });
        return { status: 200, body: user };
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/auth/login/challenge-1');

    await user.type(await screen.findByLabelText(/Sign-in code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/second-factor'));
    expect(screen.queryByRole('button', { name: 'Use a passkey' })).toBeNull();
    await user.type(await screen.findByLabelText(/Code from your authenticator app/), '654321');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('That did not match.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(screen.getByLabelText(/Recovery code/), 'ABCDE-FGHJK');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(answers).toEqual([
      { ticket: 't'.repeat(32), totpCode: '654321' },
      { ticket: 't'.repeat(32), recoveryCode: 'abcdefghjk' },
    ]);
  });

  it('sends a reloaded second step back to the start', async () => {
    mockApi({ 'GET /api/me': anonymous });
    renderApp('/auth/second-factor');
    expect(await screen.findByRole('heading', { name: 'Start signing in again' })).toBeTruthy();
  });
});

/** The answers the personal details page of member u1 loads with, their second factors as `status` says at each call. */
function personalDetailsApi(status: () => SecondFactorStatus) {
  const me: CurrentUser = makeUser({ id: 'u1', userId: 'u1' });
  return {
    'GET /api/me': () => ({ status: 200, body: me }),
    'POST /api/me/heartbeat': () => ({ status: 204 }),
    'GET /api/me/sessions': () => ({ status: 200, body: { items: [] } }),
    'GET /api/me/data-export': () => ({ status: 200, body: { export: null } }),
    'GET /api/me/second-factor': () => ({ status: 200, body: status() }),
  };
}

describe('the two-step sign-in settings', () => {
  it('add an authenticator app from its QR code, then show the recovery codes once', async () => {
    let status = noFactors;
    const confirmed: unknown[] = [];
    mockApi({
      ...personalDetailsApi(() => status),
      'POST /api/me/second-factor/totp': () => ({
        status: 200,
        body: {
          secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          otpauthUrl: 'otpauth://totp/Aurum:a?secret=x',
          qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"/>',
        },
      }),
      'POST /api/me/second-factor/totp/confirm': (body) => {
        confirmed.push(body);
        status = withApp;
        return { status: 200, body: { recoveryCodes: CODES } };
      },
    });
    const user = userEvent.setup();
    renderApp('/users/u1/personal-details');

    const section = await screen.findByRole('region', { name: 'Two-step sign-in' });
    await user.click(await within(section).findByRole('button', { name: 'Set up an authenticator app' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set up an authenticator app' });
    expect(within(dialog).getByRole('img', { name: 'QR code for your authenticator app' })).toBeTruthy();
    expect(within(dialog).getByLabelText('Key for your authenticator app').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    await user.type(within(dialog).getByLabelText(/Code from the app/), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));

    const codes = await screen.findByRole('dialog', { name: 'Save your recovery codes' });
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES.map((code) => `${code.slice(0, 5)}-${code.slice(5)}`));
    expect(confirmed).toEqual([{ code: '123456' }]);
    await user.click(within(codes).getByRole('button', { name: 'I have saved them' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Save your recovery codes' })).toBeNull());
    expect(await within(section).findByText('Recovery codes: 10 of 10 left')).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Remove the authenticator app' })).toBeTruthy();
  });

  it('ask for a fresh check before removing the app, and remove it once the member passed one', async () => {
    let status: SecondFactorStatus = withApp;
    let checkedAt: string | null = null;
    const checks: unknown[] = [];
    mockApi({
      ...personalDetailsApi(() => status),
      'POST /api/me/second-factor/check': (body) => {
        checks.push(body);
        checkedAt = '2026-11-28T12:30:00.000Z';
        return { status: 200, body: { verifiedAt: checkedAt } };
      },
      'DELETE /api/me/second-factor/totp': () => {
        if (!checkedAt) return stepUpRequired;
        status = noFactors;
        return { status: 204 };
      },
    });
    const user = userEvent.setup();
    renderApp('/users/u1/personal-details');

    const section = await screen.findByRole('region', { name: 'Two-step sign-in' });
    await user.click(await within(section).findByRole('button', { name: 'Remove the authenticator app' }));
    const check = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await user.type(await within(check).findByLabelText(/Code from your authenticator app/), '246810');
    await user.click(within(check).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The authenticator app is removed.')).toBeTruthy();
    expect(checks).toEqual([{ totpCode: '246810' }]);
    expect(await within(section).findByRole('button', { name: 'Set up an authenticator app' })).toBeTruthy();
  });
});
