import type { CurrentUser } from '@aurum/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { anonymous, makeUser, mockApi } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';

/** The languages the browser says its user reads, most wanted first. */
const browserAsksFor = (languages: string[]) => vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the member’s language', () => {
  it('speaks to a visitor in the first language their browser asks for that ships, and says so to the document', async () => {
    browserAsksFor(['fr-FR', 'es-MX', 'en']);
    mockApi({ 'GET /api/me': anonymous });
    renderApp('/auth/login');

    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeTruthy();
    expect(screen.getByLabelText(/Correo electrónico/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Crea una' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('es');
  });

  it('speaks English to a browser asking only for languages that do not ship', async () => {
    browserAsksFor(['fr-FR', 'ja']);
    mockApi({ 'GET /api/me': anonymous });
    renderApp('/auth/register');

    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
  });

  it('takes the member’s choice in personal details over their browser’s, and goes back to the browser’s', async () => {
    browserAsksFor(['en-GB']);
    let me: CurrentUser = makeUser({ id: 'u1', userId: 'u1' });
    const saved: unknown[] = [];
    mockApi({
      'GET /api/me': () => ({ status: 200, body: me }),
      'POST /api/me/heartbeat': () => ({ status: 204 }),
      'PUT /api/me/preferences': (body) => {
        saved.push(body);
        me = { ...me, ...(body as Partial<CurrentUser>) };
        return { status: 200, body: me };
      },
    });
    const user = userEvent.setup();
    renderApp('/users/u1/personal-details');

    const section = await screen.findByRole('region', { name: 'Language' });
    await user.click(within(section).getByRole('combobox', { name: 'Language' }));
    await user.click(await screen.findByRole('option', { name: 'Deutsch' }));
    expect(await screen.findByRole('region', { name: 'Sprache' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('de');

    await user.click(within(screen.getByRole('region', { name: 'Sprache' })).getByRole('combobox', { name: 'Sprache' }));
    await user.click(await screen.findByRole('option', { name: 'Wie dein Browser (English)' }));
    await waitFor(() => expect(document.documentElement.lang).toBe('en'));
    expect(screen.getByRole('region', { name: 'Language' })).toBeTruthy();
    expect(saved).toEqual([{ language: 'de' }, { language: null }]);
  });
});
