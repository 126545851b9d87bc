import type { VaultFolder, VaultItem } from '@aurum/core';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSnacks } from '../../components/snack-queue';
import { makeUser, mockApi } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';
import { makeVaultFolder, makeVaultItem, vaultPage } from '../../test/vault-fixtures';

configure({ asyncUtilTimeout: 10_000 });

const creator = makeUser({ id: 'c1', userId: 'c1', roles: ['members', 'creators'], labels: ['creators'], isCreator: true });
const signedIn = {
  'GET /api/me': () => ({ status: 200, body: creator }),
  'POST /api/me/heartbeat': () => ({ status: 204 }),
  'GET /api/media/usage': () => ({ status: 200, body: { usedBytes: 1_200_000_000, quotaBytes: 5_000_000_000 } }),
};

const sunset = makeVaultItem({ id: 'm1', originalName: 'sunset.jpg', uses: { posts: 2, messages: 1, massMessages: 0, profile: false } });
const clip = makeVaultItem({
  id: 'm2',
  kind: 'video',
  mime: 'video/mp4',
  originalName: 'waves.mp4',
  durationMs: 83_000,
  urls: { thumb: '/api/me/vault/m2/thumb', poster: '/api/me/vault/m2/poster', playable: '/api/me/vault/m2/playable' },
});
const beach = makeVaultFolder({ id: 'f1', name: 'Beach', count: 1 });

/** The requests the page made for its items, in order. */
const itemRequests = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/me/vault?') || url === '/api/me/vault');

describe('the vault page', () => {
  afterEach(clearSnacks);

  it('shows the storage used, the uploads as tiles, and filters them by kind, use and folder in the address', async () => {
    const fetchMock = mockApi({
      ...signedIn,
      'GET /api/me/vault': () => ({ status: 200, body: vaultPage([sunset, clip]) }),
      'GET /api/me/vault?kind=video': () => ({ status: 200, body: vaultPage([clip]) }),
      'GET /api/me/vault?kind=video&use=unused': () => ({ status: 200, body: vaultPage([clip]) }),
      'GET /api/me/vault?kind=video&use=unused&folderId=f1': () => ({ status: 200, body: vaultPage([]) }),
      'GET /api/me/vault/folders': () => ({ status: 200, body: { folders: [beach] } }),
    });
    const user = userEvent.setup();
    const view = renderApp('/vault');
    const grid = await screen.findByRole('list', { name: 'Your uploads' });
    expect(screen.getByRole('heading', { level: 1, name: 'Vault' })).toBeTruthy();
    expect(await screen.findByText('Storage: 1.2 GB of 5 GB used')).toBeTruthy();
    const tiles = within(grid).getAllByRole('button');
    expect(tiles.map((tile) => tile.getAttribute('aria-label'))).toEqual([
      'sunset.jpg, Photo, used in 2 posts and 1 message',
      'waves.mp4, Video 1:23, not used',
    ]);
    expect(within(tiles[0] as HTMLElement).getByText('Used in 3')).toBeTruthy();
    expect(within(tiles[1] as HTMLElement).getByText('1:23')).toBeTruthy();
    expect(within(tiles[1] as HTMLElement).queryByText(/^Used in/)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Videos' }));
    await waitFor(() => expect(within(grid).getAllByRole('button')).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Videos' }).getAttribute('aria-pressed')).toBe('true');
    expect(view.router.state.location.search).toBe('?kind=video');

    await user.click(screen.getByRole('combobox', { name: 'Used' }));
    await user.click(await screen.findByRole('option', { name: 'Unused' }));
    await waitFor(() => expect(view.router.state.location.search).toBe('?kind=video&use=unused'));

    await user.click(screen.getByRole('combobox', { name: 'Folder' }));
    await user.click(await screen.findByRole('option', { name: 'Beach (1 item)' }));
    expect(await screen.findByText('Nothing matches')).toBeTruthy();
    expect(view.router.state.location.search).toBe('?kind=video&use=unused&folder=f1');
    expect(itemRequests(fetchMock)).toEqual([
      '/api/me/vault',
      '/api/me/vault?kind=video',
      '/api/me/vault?kind=video&use=unused',
      '/api/me/vault?kind=video&use=unused&folderId=f1',
    ]);

    await user.click(screen.getByRole('button', { name: 'Show everything' }));
    expect(await within(await screen.findByRole('list', { name: 'Your uploads' })).findAllByRole('button')).toHaveLength(2);
    expect(view.router.state.location.search).toBe('');
  });

  it('says what the vault is for while it is empty', async () => {
    mockApi({
      ...signedIn,
      'GET /api/me/vault': () => ({ status: 200, body: vaultPage([]) }),
      'GET /api/me/vault/folders': () => ({ status: 200, body: { folders: [] } }),
    });
    renderApp('/vault');
    const empty = (await screen.findByText('Nothing here yet')).closest('[role="status"]') as HTMLElement;
    expect(within(empty).getByText('What you upload for posts and messages shows here.')).toBeTruthy();
  });

  it('opens an item in a sheet with where it is used, files it in folders and takes it out again', async () => {
    const calls: string[] = [];
    let folders: VaultFolder[] = [beach, makeVaultFolder({ id: 'f2', name: 'Studio' })];
    mockApi({
      ...signedIn,
      'GET /api/me/vault': () => ({ status: 200, body: vaultPage([sunset]) }),
      'GET /api/me/vault/folders': () => ({ status: 200, body: { folders } }),
      'PUT /api/me/vault/folders/f2/items/m1': () => {
        calls.push('put f2');
        return { status: 204 };
      },
      'DELETE /api/me/vault/folders/f2/items/m1': () => {
        calls.push('delete f2');
        return { status: 204 };
      },
      'POST /api/me/vault/folders': (body) => {
        calls.push(`make ${JSON.stringify(body)}`);
        const made = makeVaultFolder({ id: 'f3', name: (body as { name: string }).name });
        folders = [...folders, made];
        return { status: 201, body: made };
      },
      'PUT /api/me/vault/folders/f3/items/m1': () => {
        calls.push('put f3');
        return { status: 204 };
      },
    });
    const user = userEvent.setup();
    renderApp('/vault');
    await user.click(await screen.findByRole('button', { name: /^sunset\.jpg, Photo/ }));
    const sheet = await screen.findByRole('dialog', { name: 'sunset.jpg' });
    expect(within(sheet).getByRole('img', { name: 'Photo' }).getAttribute('src')).toBe('/api/me/vault/m1/playable');
    expect(within(sheet).getByText('Used in 2 posts and 1 message.')).toBeTruthy();
    expect(within(sheet).getByText('2.4 MB · 1280 × 960')).toBeTruthy();
    const uses = within(sheet).getByRole('region', { name: 'Where it is used' });
    expect(within(uses).getByText('Posts').nextElementSibling?.textContent).toBe('2');
    expect(within(uses).getByText('Messages').nextElementSibling?.textContent).toBe('1');
    expect(within(uses).getByText('Mass messages').nextElementSibling?.textContent).toBe('0');

    const studio = within(sheet).getByRole('checkbox', { name: 'Studio' });
    expect((within(sheet).getByRole('checkbox', { name: 'Beach' }) as HTMLInputElement).checked).toBe(false);
    await user.click(studio);
    expect((studio as HTMLInputElement).checked).toBe(true);
    await waitFor(() => expect(calls).toEqual(['put f2']));
    await waitFor(() => expect((studio as HTMLInputElement).disabled).toBe(false));
    await user.click(studio);
    await waitFor(() => expect(calls).toEqual(['put f2', 'delete f2']));
    expect((studio as HTMLInputElement).checked).toBe(false);

    // A folder made in the sheet has the item in it.
    await user.type(within(sheet).getByRole('textbox', { name: 'New folder' }), 'Golden hour');
    await user.click(within(sheet).getByRole('button', { name: 'Add' }));
    const golden = await within(sheet).findByRole('checkbox', { name: 'Golden hour' });
    await waitFor(() => expect(calls).toEqual(['put f2', 'delete f2', 'make {"name":"Golden hour"}', 'put f3']));
    expect((golden as HTMLInputElement).checked).toBe(true);
  });

  it('deletes a used item only after saying where it is used, from everywhere', async () => {
    let items: VaultItem[] = [sunset, clip];
    const deleted: string[] = [];
    mockApi({
      ...signedIn,
      'GET /api/me/vault': () => ({ status: 200, body: vaultPage(items) }),
      'GET /api/me/vault/folders': () => ({ status: 200, body: { folders: [] } }),
      'DELETE /api/me/vault/m1?everywhere=true': () => {
        deleted.push('m1 everywhere');
        items = items.filter((item) => item.id !== 'm1');
        return { status: 204 };
      },
    });
    const user = userEvent.setup();
    renderApp('/vault');
    await user.click(await screen.findByRole('button', { name: /^sunset\.jpg, Photo/ }));
    const sheet = await screen.findByRole('dialog', { name: 'sunset.jpg' });
    await user.click(within(sheet).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete “sunset.jpg” everywhere?' });
    expect(within(confirm).getByText(/^It is used in 2 posts and 1 message\. Deleting it takes it out of each of them/)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Delete everywhere' }));
    expect(await screen.findByText('“sunset.jpg” deleted everywhere.')).toBeTruthy();
    expect(deleted).toEqual(['m1 everywhere']);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const grid = screen.getByRole('list', { name: 'Your uploads' });
    await waitFor(() => expect(within(grid).getAllByRole('button')).toHaveLength(1));
    expect(within(grid).queryByRole('button', { name: /^sunset\.jpg/ })).toBeNull();
  });

  it('deletes an unused item with a plain question, and says so when a report keeps it', async () => {
    const deleted: string[] = [];
    mockApi({
      ...signedIn,
      'GET /api/me/vault': () => ({ status: 200, body: vaultPage([clip]) }),
      'GET /api/me/vault/folders': () => ({ status: 200, body: { folders: [] } }),
      'DELETE /api/me/vault/m2': () => {
        deleted.push('m2');
        return {
          status: 409,
          body: {
            type: 'media_held_as_evidence',
            message: 'This item is kept while a report or an admin action names it.',
            statusCode: 409,
          },
        };
      },
    });
    const user = userEvent.setup();
    renderApp('/vault');
    await user.click(await screen.findByRole('button', { name: /^waves\.mp4, Video/ }));
    const sheet = await screen.findByRole('dialog', { name: 'waves.mp4' });
    expect(within(sheet).getByText('Not used anywhere yet.')).toBeTruthy();
    expect(within(sheet).getByLabelText('Video').getAttribute('src')).toBe('/api/me/vault/m2/playable');
    await user.click(within(sheet).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete “waves.mp4”?' });
    expect(within(confirm).getByText('Nothing uses it. It leaves your vault and your storage for good.')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await within(confirm).findByText('This item is kept while a report or an admin action names it.')).toBeTruthy();
    expect(deleted).toEqual(['m2']);
    expect(within(confirm).queryByRole('button', { name: 'Delete' })).toBeNull();
    await user.click(within(confirm).getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('dialog', { name: 'waves.mp4' })).toBeTruthy();
  });

  it('makes, renames and deletes folders; the page stops showing a folder that is gone', async () => {
    let folders: VaultFolder[] = [beach];
    const calls: string[] = [];
    mockApi({
      ...signedIn,
      'GET /api/me/vault': () => ({ status: 200, body: vaultPage([sunset]) }),
      'GET /api/me/vault?folderId=f1': () => ({ status: 200, body: vaultPage([sunset]) }),
      'GET /api/me/vault/folders': () => ({ status: 200, body: { folders } }),
      'POST /api/me/vault/folders': (body) => {
        const { name } = body as { name: string };
        calls.push(`make ${name}`);
        if (name === 'Beach') {
          return {
            status: 409,
            body: { type: 'vault_folder_name_taken', message: 'You already have a folder with this name.', statusCode: 409 },
          };
        }
        const made = makeVaultFolder({ id: 'f2', name });
        folders = [...folders, made];
        return { status: 201, body: made };
      },
      'PATCH /api/me/vault/folders/f2': (body) => {
        calls.push(`rename ${JSON.stringify(body)}`);
        folders = folders.map((folder) => (folder.id === 'f2' ? { ...folder, ...(body as { name: string }) } : folder));
        return { status: 200, body: folders.find((folder) => folder.id === 'f2') };
      },
      'DELETE /api/me/vault/folders/f1': () => {
        calls.push('delete f1');
        folders = folders.filter((folder) => folder.id !== 'f1');
        return { status: 204 };
      },
    });
    const user = userEvent.setup();
    const view = renderApp('/vault?folder=f1');
    await screen.findByRole('list', { name: 'Your uploads' });
    await user.click(screen.getByRole('button', { name: 'Folders' }));
    const dialog = await screen.findByRole('dialog', { name: 'Folders' });
    const name = within(dialog).getByRole('textbox', { name: 'New folder' });
    await user.type(name, 'Beach');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('You already have a folder with this name.')).toBeTruthy();
    await user.clear(name);
    await user.type(name, 'Studio');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    const list = within(dialog).getByRole('list', { name: 'Your folders' });
    expect(await within(list).findByText('Studio')).toBeTruthy();

    await user.click(within(list).getByRole('button', { name: 'Rename Studio' }));
    const renaming = await screen.findByRole('dialog', { name: 'Rename the folder' });
    await user.clear(within(renaming).getByRole('textbox', { name: 'Name' }));
    await user.type(within(renaming).getByRole('textbox', { name: 'Name' }), 'Studio sets');
    await user.click(within(renaming).getByRole('button', { name: 'Rename' }));
    expect(await within(list).findByText('Studio sets')).toBeTruthy();

    await user.click(within(list).getByRole('button', { name: 'Delete Beach' }));
    const deleting = await screen.findByRole('dialog', { name: 'Delete “Beach”?' });
    expect(within(deleting).getByText(/What is in it \(1 item\) stays in your vault/)).toBeTruthy();
    await user.click(within(deleting).getByRole('button', { name: 'Delete folder' }));
    await waitFor(() => expect(within(list).queryByText('Beach')).toBeNull());
    expect(calls).toEqual(['make Beach', 'make Studio', 'rename {"name":"Studio sets"}', 'delete f1']);
    // The page was showing the deleted folder: it shows everything again.
    await waitFor(() => expect(view.router.state.location.search).toBe(''));
  });
});
