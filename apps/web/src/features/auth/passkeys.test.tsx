import type { CurrentUser, SecondFactorStatus } from '@aurum/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { anonymous, makeUser, mockApi } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';

const bytes = (text: string) => new TextEncoder().encode(text).buffer;
const CHALLENGE = 'Y2hhbGxlbmdl';

/** A device's passkey as the browser hands it over (navigator.credentials), for the app's WebAuthn calls. */
function devicePasskey() {
  const credential = (response: Record<string, ArrayBuffer>) => ({
    id: 'cGFzc2tleS0x',
    rawId: bytes('passkey-1'),
    type: 'public-key',
    authenticatorAttachment: 'platform',
    response,
    getClientExtensionResults: () => ({}),
  });
  return {
    create: vi.fn(async () => credential({ clientDataJSON: bytes('{"type":"webauthn.create"}'), attestationObject: bytes('attestation') })),
    get: vi.fn(async () =>
      credential({
        clientDataJSON: bytes('{"type":"webauthn.get"}'),
        authenticatorData: bytes('authenticator-data'),
        signature: bytes('signature'),
        userHandle: bytes('u1'),
      }),
    ),
  };
}

let passkey: ReturnType<typeof devicePasskey>;
beforeEach(() => {
  passkey = devicePasskey();
  vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
  Object.defineProperty(navigator, 'credentials', { value: passkey, configurable: true });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('passkeys in the app', () => {
  it('sign in from the sign-in page: the browser answers the server’s challenge and the member is in', async () => {
    let me = anonymous;
    const sent: unknown[] = [];
    mockApi({
      'GET /api/me': (body) => me(body),
      'POST /api/me/heartbeat': () => ({ status: 204 }),
      'POST /api/auth/passkey/options': () => ({
        status: 200,
        body: {
          challengeId: 'challenge-9',
          options: { challenge: CHALLENGE, rpId: '127.0.0.1', allowCredentials: [], userVerification: 'required' },
        },
      }),
      'POST /api/auth/passkey': (body) => {
        sent.push(body);
        const user = makeUser({ id: 'u1', userId: 'u1' });
        me = () => ({ status: 200, body: user });
        return { status: 200, body: user };
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/auth/login');
    await user.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(passkey.get).toHaveBeenCalledOnce();
    expect(sent).toEqual([
      {
        challengeId: 'challenge-9',
        response: expect.objectContaining({
          id: 'cGFzc2tleS0x',
          type: 'public-key',
          response: expect.objectContaining({ signature: 'c2lnbmF0dXJl' }),
        }),
      },
    ]);
  });

  it('say so when the member closes the browser’s prompt', async () => {
    mockApi({
      'GET /api/me': anonymous,
      'POST /api/auth/passkey/options': () => ({ status: 200, body: { challengeId: 'challenge-9', options: { challenge: CHALLENGE } } }),
    });
    passkey.get.mockRejectedValueOnce(
      Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' }),
    );
    const user = userEvent.setup();
    renderApp('/auth/login');
    await user.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    expect(
      await screen.findByText('The passkey prompt was closed before a passkey was used. Try again, or choose another way.'),
    ).toBeTruthy();
  });

  it('are added from the two-step sign-in settings, the first with its recovery codes', async () => {
    const me: CurrentUser = makeUser({ id: 'u1', userId: 'u1' });
    let status: SecondFactorStatus = { enabled: false, totp: false, passkeys: [], recoveryCodesLeft: 0, verifiedAt: null };
    const added: unknown[] = [];
    mockApi({
      'GET /api/me': () => ({ status: 200, body: me }),
      'POST /api/me/heartbeat': () => ({ status: 204 }),
      'GET /api/me/sessions': () => ({ status: 200, body: { items: [] } }),
      'GET /api/me/second-factor': () => ({ status: 200, body: status }),
      'POST /api/me/second-factor/passkeys/options': () => ({
        status: 200,
        body: {
          challengeId: 'challenge-3',
          options: {
            challenge: CHALLENGE,
            rp: { name: 'Aurum', id: '127.0.0.1' },
            user: { id: 'dTE', name: 'ada@example.com', displayName: 'Ada' },
            pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
            excludeCredentials: [],
          },
        },
      }),
      'POST /api/me/second-factor/passkeys': (body) => {
        added.push(body);
        status = {
          ...status,
          enabled: true,
          recoveryCodesLeft: 10,
          passkeys: [
            { id: 'cGFzc2tleS0x', name: 'Chrome on Android', createdAt: '2026-11-28T12:00:00.000Z', lastUsedAt: null, synced: true },
          ],
        };
        return { status: 200, body: { recoveryCodes: Array.from({ length: 10 }, (_, i) => `abcde${i}ghjk`.slice(0, 10)) } };
      },
    });
    const user = userEvent.setup();
    renderApp('/users/u1/personal-details');
    const section = await screen.findByRole('region', { name: 'Two-step sign-in' });
    await user.click(await within(section).findByRole('button', { name: 'Add a passkey' }));
    expect(await screen.findByRole('dialog', { name: 'Save your recovery codes' })).toBeTruthy();
    expect(passkey.create).toHaveBeenCalledOnce();
    expect(added).toEqual([{ challengeId: 'challenge-3', response: expect.objectContaining({ id: 'cGFzc2tleS0x', type: 'public-key' }) }]);
    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(await within(section).findByText('Chrome on Android')).toBeTruthy();
    expect(within(section).getByText(/not used yet · synced/)).toBeTruthy();
    expect(await within(section).findByRole('button', { name: 'Add another passkey' })).toBeTruthy();
  });
});
