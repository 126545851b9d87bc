import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { clearError, setError } from '../components/error-store';
import { addSnack, clearSnacks } from '../components/snack-queue';
import { anonymous, makeUser, mockApi, newUser } from '../test/api-mock';
import { renderApp } from '../test/render-app';

const signedIn = (user = makeUser()) => ({
  'GET /api/me': () => ({ status: 200, body: user }),
  'POST /api/me/heartbeat': () => ({ status: 204 }),
});

describe('router guard', () => {
  it('shows the loading overlay, not a redirect, while the current user is loading', async () => {
    vi.stubGlobal('fetch', () => new Promise(() => {}));
    const { router } = renderApp('/home');
    expect(await screen.findByText('Please wait...')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/home');
  });

  it('sends a visitor from a signed-in page to the landing page', async () => {
    mockApi({ 'GET /api/me': anonymous });
    const { router } = renderApp('/home');
    expect(await screen.findByRole('link', { name: 'Create account' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends unknown paths to the start', async () => {
    mockApi({ 'GET /api/me': anonymous });
    const { router } = renderApp('/no/such/page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('sends a signed-in user from the landing page to home', async () => {
    mockApi(signedIn());
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/home');
    expect(screen.getByText('Welcome, Ada Lovelace.')).toBeTruthy();
  });

  it('sends an incomplete registration to its next step', async () => {
    mockApi(signedIn(newUser()));
    const { router } = renderApp('/explore');
    // Setup-profile forwards to the terms first, since the server needs them accepted.
    expect(await screen.findByRole('checkbox', { name: 'I have read and accept the terms of service' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth/register/accept-terms');
  });

  it('renders placeholder pages under their title inside the menu layout', async () => {
    mockApi(signedIn());
    renderApp('/support');
    expect(await screen.findByRole('heading', { level: 1, name: 'Support' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Account' })).toBeTruthy();
  });

  it('redirects /auth to the sign-in page', async () => {
    mockApi({ 'GET /api/me': anonymous });
    const { router } = renderApp('/auth');
    expect(await screen.findByLabelText(/E-mail address/)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth/login');
  });
});

describe('app shell', () => {
  it('titles the document after the route the router picks, a static segment before a parameter', async () => {
    mockApi({ 'GET /api/me': anonymous });
    renderApp('/auth/register/signup');
    expect(await screen.findByLabelText(/E-mail address/)).toBeTruthy();
    expect(document.title).toBe('Create your account · Aurum');
  });

  it('loads the error dialog and the snack messages when the first one is shown', async () => {
    mockApi({ 'GET /api/me': anonymous });
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Create account' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => setError('The upload failed.'));
    expect((await screen.findByRole('dialog', { name: 'Error' })).textContent).toContain('The upload failed.');
    act(() => addSnack('Saved.', 'success'));
    expect(await screen.findByText('Saved.')).toBeTruthy();
    act(() => {
      clearError();
      clearSnacks();
    });
  });
});
