import type { VaultItem } from '@aurum/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../test/api-mock';
import { renderThemed } from '../test/render-app';
import { makeVaultFolder, makeVaultItem, vaultPage } from '../test/vault-fixtures';
import { VaultPicker } from './VaultPicker';

configure({ asyncUtilTimeout: 10_000 });

const sunset = makeVaultItem({ id: 'm1', originalName: 'sunset.jpg', uses: { posts: 1, messages: 0, massMessages: 0, profile: false } });
const waves = makeVaultItem({ id: 'm2', kind: 'video', originalName: 'waves.mp4', durationMs: 12_000 });
const fresh = makeVaultItem({ id: 'm3', originalName: 'fresh.jpg', status: 'processing', urls: {} });
const avatar = makeVaultItem({ id: 'm4', originalName: 'me.jpg', uses: { posts: 0, messages: 0, massMessages: 0, profile: true } });

function renderPicker(props: { max?: number; refuse?: (item: VaultItem) => string | null; onPick: (items: VaultItem[]) => void }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderThemed(
    <QueryClientProvider client={queryClient}>
      <VaultPicker max={props.max ?? 10} refuse={props.refuse} onPick={props.onPick} onClose={() => {}} />
    </QueryClientProvider>,
  );
}

describe('the vault picker', () => {
  it('lets the creator tick several ready items, by kind and folder, and hands back the ticked ones in order', async () => {
    const fetchMock = mockApi({
      'GET /api/me/vault': () => ({ status: 200, body: vaultPage([sunset, waves, fresh, avatar]) }),
      'GET /api/me/vault?kind=video': () => ({ status: 200, body: vaultPage([waves]) }),
      'GET /api/me/vault?folderId=f1': () => ({ status: 200, body: vaultPage([sunset]) }),
      'GET /api/me/vault/folders': () => ({ status: 200, body: { folders: [makeVaultFolder({ id: 'f1', name: 'Beach', count: 1 })] } }),
    });
    const onPick = vi.fn();
    const user = userEvent.setup();
    renderPicker({ onPick, refuse: (item) => (item.uses.profile ? 'Your profile picture cannot go into a post' : null) });
    const dialog = await screen.findByRole('dialog', { name: 'Choose from your vault' });
    const grid = await within(dialog).findByRole('list', { name: 'Your vault' });
    const box = (name: RegExp) => within(grid).getByRole('checkbox', { name }) as HTMLInputElement;
    expect(box(/^fresh\.jpg, Photo, still processing/).disabled).toBe(true);
    expect(box(/^me\.jpg/).disabled).toBe(true);
    expect(within(dialog).getByRole('button', { name: 'Add' })).toHaveProperty('disabled', true);

    await user.click(box(/^waves\.mp4, Video 0:12/));
    await user.click(within(dialog).getByRole('button', { name: 'Videos' }));
    await waitFor(() => expect(within(grid).getAllByRole('checkbox')).toHaveLength(1));
    // What was ticked stays ticked under another filter.
    expect(box(/^waves\.mp4/).checked).toBe(true);

    await user.click(within(dialog).getByRole('button', { name: 'All' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Folder' }));
    await user.click(await screen.findByRole('option', { name: 'Beach (1 item)' }));
    await waitFor(() => expect(within(grid).getAllByRole('checkbox')).toHaveLength(1));
    await user.click(box(/^sunset\.jpg, Photo, used in 1 post/));
    expect(within(dialog).getByText('2 chosen.')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Add 2' }));
    expect(onPick).toHaveBeenCalledTimes(1);
    expect(onPick.mock.calls[0]?.[0].map((item: VaultItem) => item.id)).toEqual(['m2', 'm1']);
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(
      expect.arrayContaining(['/api/me/vault', '/api/me/vault?kind=video', '/api/me/vault?folderId=f1']),
    );
  });

  it('takes no more than fit where the items go', async () => {
    mockApi({
      'GET /api/me/vault': () => ({ status: 200, body: vaultPage([sunset, waves]) }),
      'GET /api/me/vault/folders': () => ({ status: 200, body: { folders: [] } }),
    });
    const user = userEvent.setup();
    renderPicker({ max: 1, onPick: () => {} });
    const grid = await screen.findByRole('list', { name: 'Your vault' });
    expect(screen.queryByRole('combobox', { name: 'Folder' })).toBeNull();
    await user.click(within(grid).getByRole('checkbox', { name: /^sunset\.jpg/ }));
    expect(within(grid).getByRole('checkbox', { name: /^waves\.mp4/ })).toHaveProperty('disabled', true);
    expect(screen.getByText('1 chosen, as many as fit.')).toBeTruthy();
  });
});
