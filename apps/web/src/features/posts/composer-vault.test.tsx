import type { CreatePostInput } from '@aurum/core';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser, mockApi } from '../../test/api-mock';
import { makeMedia, makePlan, makePost } from '../../test/post-fixtures';
import { renderApp } from '../../test/render-app';
import { makeVaultItem, vaultPage } from '../../test/vault-fixtures';

configure({ asyncUtilTimeout: 10_000 });

const creator = makeUser({ id: 'c1', userId: 'c1', isCreator: true, roles: ['members', 'creators'], labels: ['creators'] });
const sunset = makeVaultItem({ id: 'm1', originalName: 'sunset.jpg', uses: { posts: 1, messages: 0, massMessages: 0, profile: false } });
const waves = makeVaultItem({ id: 'm2', kind: 'video', originalName: 'waves.mp4', durationMs: 12_000 });
const avatar = makeVaultItem({ id: 'm4', originalName: 'me.jpg', uses: { posts: 0, messages: 0, massMessages: 0, profile: true } });

function creatorApi(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/me': () => ({ status: 200, body: creator }),
    'POST /api/me/heartbeat': () => ({ status: 204 }),
    'GET /api/plans': () => ({ status: 200, body: [makePlan()] }),
    'GET /api/media/usage': () => ({ status: 200, body: { usedBytes: 0, quotaBytes: null } }),
    'GET /api/me/vault': () => ({ status: 200, body: vaultPage([sunset, waves, avatar]) }),
    'GET /api/me/vault/folders': () => ({ status: 200, body: { folders: [] } }),
    ...extra,
  });
}

describe('the post composer and the vault', () => {
  it('adds items chosen from the vault as they are, and publishes the post with their ids', async () => {
    let sent: CreatePostInput | undefined;
    const fetchMock = creatorApi({
      'POST /api/posts': (body) => {
        sent = body as CreatePostInput;
        return { status: 201, body: makePost({ id: 'p9', accessLevel: 'owner' }) };
      },
      'GET /api/posts/p9': () => ({ status: 200, body: makePost({ id: 'p9', accessLevel: 'owner' }) }),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/posts/new');
    await user.type(await screen.findByLabelText('Post text'), 'Again, the sea');
    await user.click(screen.getByRole('button', { name: 'From vault' }));
    const picker = await screen.findByRole('dialog', { name: 'Choose from your vault' });
    // The profile picture cannot go into a post.
    expect(await within(picker).findByRole('checkbox', { name: /^me\.jpg/ })).toHaveProperty('disabled', true);
    await user.click(within(picker).getByRole('checkbox', { name: /^sunset\.jpg/ }));
    await user.click(within(picker).getByRole('checkbox', { name: /^waves\.mp4/ }));
    await user.click(within(picker).getByRole('button', { name: 'Add 2' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const media = screen.getByRole('list', { name: 'Media in this post' });
    const rows = within(media).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('p')?.textContent)).toEqual(['sunset.jpg', 'waves.mp4']);
    expect(within(rows[0] as HTMLElement).getByText('From your vault')).toBeTruthy();
    expect(rows[0]?.querySelector('img')?.getAttribute('src')).toBe('/api/me/vault/m1/thumb');

    // Chosen again, an item already in the post cannot be ticked twice.
    await user.click(screen.getByRole('button', { name: 'From vault' }));
    const again = await screen.findByRole('dialog', { name: 'Choose from your vault' });
    expect(await within(again).findByRole('checkbox', { name: /^sunset\.jpg/ })).toHaveProperty('disabled', true);
    await user.click(within(again).getByRole('button', { name: 'Cancel' }));

    // Taken out of the post, it stays in the vault: nothing is deleted.
    await user.click(screen.getByRole('button', { name: 'Remove waves.mp4' }));
    await user.click(screen.getByRole('checkbox', { name: 'Public' }));
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/posts/p9'));
    expect(sent).toEqual({ text: 'Again, the sea', mediaIds: ['m1'], access: ['public'], price: null, publishAt: null });
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
  });

  it('adds an item from the vault to a post being edited, with one call', async () => {
    const calls: string[] = [];
    const post = makePost({
      id: 'p2',
      accessLevel: 'owner',
      text: 'Trip',
      media: [makeMedia({ mediaId: 'm9', urls: { thumb: '/api/posts/p2/media/0/thumb' } })],
    });
    creatorApi({
      'GET /api/posts/p2': () => ({ status: 200, body: post }),
      'PATCH /api/posts/p2': () => {
        calls.push('PATCH post');
        return { status: 200, body: post };
      },
      'POST /api/posts/p2/media': (body) => {
        calls.push(`add ${JSON.stringify(body)}`);
        return { status: 200, body: post };
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/posts/p2/edit');
    await screen.findByText('Photo 1');
    await user.click(screen.getByRole('button', { name: 'From vault' }));
    const picker = await screen.findByRole('dialog', { name: 'Choose from your vault' });
    await user.click(await within(picker).findByRole('checkbox', { name: /^sunset\.jpg/ }));
    await user.click(within(picker).getByRole('button', { name: 'Add 1' }));
    expect(await screen.findByText('sunset.jpg')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/posts/p2'));
    expect(calls).toEqual(['PATCH post', 'add {"mediaId":"m1","position":1}']);
  });
});
