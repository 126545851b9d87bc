import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/api-mock';
import { renderThemed } from '../../test/render-app';
import { makeVaultItem, vaultPage } from '../../test/vault-fixtures';
import { Composer } from './Composer';

configure({ asyncUtilTimeout: 10_000 });

describe('the message composer and the vault', () => {
  it('sends items a creator chose from the vault with the message, priced if they set a price', async () => {
    mockApi({
      'GET /api/plans': () => ({ status: 200, body: [] }),
      'GET /api/me/vault': () => ({
        status: 200,
        body: vaultPage([
          makeVaultItem({ id: 'm1', originalName: 'sunset.jpg', uses: { posts: 0, messages: 0, massMessages: 0, profile: true } }),
        ]),
      }),
      'GET /api/me/vault/folders': () => ({ status: 200, body: { folders: [] } }),
    });
    const onSend = vi.fn();
    const user = userEvent.setup();
    renderThemed(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <Composer canAttach onSend={onSend} onTyping={() => {}} />
      </QueryClientProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'From vault' }));
    const picker = await screen.findByRole('dialog', { name: 'Choose from your vault' });
    // A message may carry the profile picture (only a post may not).
    await user.click(await within(picker).findByRole('checkbox', { name: /^sunset\.jpg/ }));
    await user.click(within(picker).getByRole('button', { name: 'Add 1' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const picks = screen.getByRole('list', { name: 'From your vault' });
    expect(within(picks).getByText('sunset.jpg')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Price (optional)' }), '5');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'For you');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend).toHaveBeenCalledWith({ text: 'For you', mediaIds: ['m1'], price: { amountMinor: 500, currency: 'USD' } });
    expect(screen.queryByRole('list', { name: 'From your vault' })).toBeNull();
  });
});
