import { type CreatePostInput, DAY_MS, type Post } from '@aurum/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { toDateTimeLocalValue } from '../../lib/dates';
import type { TusCallbacks } from '../../lib/upload/tus-upload';
import { makeUser, mockApi } from '../../test/api-mock';
import { makeMedia, makePlan, makePost } from '../../test/post-fixtures';
import { renderApp } from '../../test/render-app';
import { scheduledText } from './schedule';

// The transfer itself is the upload library's (and tus-js-client's); here it reports progress, then the new media.
const uploads = vi.hoisted(() => ({ started: [] as string[] }));
vi.mock('../../lib/upload/tus-upload', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../lib/upload/tus-upload')>();
  return {
    ...original,
    startTusUpload: (file: File, callbacks: TusCallbacks) => {
      uploads.started.push(file.name);
      setTimeout(() => callbacks.onProgress(file.size / 2, file.size), 10);
      setTimeout(() => callbacks.onSuccess({ mediaId: 'm1', kind: 'image', mime: file.type, status: 'processing' }), 60);
      return { abort: () => {} };
    },
  };
});

const creator = makeUser({
  id: 'c1',
  userId: 'c1',
  handle: 'goldie',
  publicName: 'Goldie Hawn',
  isCreator: true,
  roles: ['members', 'creators'],
});
const plans = [makePlan(), makePlan({ id: 'old', name: 'Old plan', active: false, priceMinor: 999 })];

function creatorApi(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/me': () => ({ status: 200, body: creator }),
    'POST /api/me/heartbeat': () => ({ status: 204 }),
    'GET /api/plans': () => ({ status: 200, body: plans }),
    ...extra,
  });
}

describe('composing posts', () => {
  it('uploads a photo, publishes it to subscribers and lists it among the creator’s posts', async () => {
    let sent: CreatePostInput | undefined;
    let statusCalls = 0;
    let published: Post | undefined;
    const fetchMock = creatorApi({
      'GET /api/media/m1/status': () => {
        statusCalls += 1;
        return {
          status: 200,
          body: {
            id: 'm1',
            kind: 'image',
            mime: 'image/jpeg',
            sizeBytes: 4,
            status: statusCalls === 1 ? 'processing' : 'ready',
            failureReason: null,
            width: 10,
            height: 10,
            durationMs: null,
            placeholder: null,
            derivatives: { thumb: true, blur: true, blurThumb: true, poster: false, playable: true },
            createdAt: '2026-11-22T10:00:00.000Z',
            processedAt: null,
          },
        };
      },
      'POST /api/posts': (body) => {
        sent = body as CreatePostInput;
        published = makePost({
          id: 'p9',
          creator: { userId: 'c1', handle: 'goldie', publicName: 'Goldie Hawn', avatarColor: 'hsl(42, 50%, 50%)', avatarUrl: null },
          text: sent.text ?? '',
          access: sent.access,
          accessLevel: 'owner',
          media: [makeMedia({ urls: { thumb: '/api/posts/p9/media/0/thumb?v=1', playable: '/api/posts/p9/media/0/playable?v=1' } })],
        });
        return { status: 201, body: published };
      },
      'GET /api/posts/p9': () => ({ status: 200, body: published }),
      'GET /api/posts': () => ({ status: 200, body: { items: published ? [published] : [], nextCursor: null } }),
      'GET /api/media/usage': () => ({ status: 200, body: { usedBytes: 1_500_000_000, quotaBytes: 21_474_836_480 } }),
    });
    const user = userEvent.setup();
    const { router, container } = renderApp('/posts/new');
    // The creator sees how much of their storage is used before adding anything.
    expect(await screen.findByText('Storage: 1.5 GB of 21.5 GB used')).toBeTruthy();

    await user.type(await screen.findByLabelText('Post text'), 'Backstage');
    const input = container.querySelector<HTMLInputElement>('input[type="file"][name="media"]');
    expect(input).not.toBeNull();
    await user.upload(input as HTMLInputElement, new File(['jpeg'], 'studio.jpg', { type: 'image/jpeg' }));
    await waitFor(() => expect(uploads.started).toEqual(['studio.jpg']));
    expect(await screen.findByText('Processing…')).toBeTruthy();
    // The status is asked again until the server has made the derivatives.
    await waitFor(() => expect(screen.getByText('Ready')).toBeTruthy(), { timeout: 5000 });
    expect(statusCalls).toBeGreaterThanOrEqual(2);

    expect((screen.getByRole('checkbox', { name: 'Old plan' }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Gold' }) as HTMLInputElement).disabled).toBe(false);
    await user.click(screen.getByRole('checkbox', { name: 'Subscribers' }));
    await user.click(screen.getByRole('button', { name: 'Publish' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/posts/p9'));
    expect(sent).toEqual({ text: 'Backstage', mediaIds: ['m1'], access: ['subscription'], price: null, publishAt: null });
    const article = await screen.findByRole('article');
    expect(within(article).getByText('Backstage')).toBeTruthy();
    expect(within(article).getByRole('img', { name: 'Photo' }).getAttribute('src')).toBe('/api/posts/p9/media/0/playable?v=1');
    expect(within(article).getByRole('link', { name: 'Edit post' })).toBeTruthy();

    await router.navigate('/posts');
    const list = await screen.findByRole('list', { name: 'Your posts' });
    expect(within(list).getByText('Backstage')).toBeTruthy();
    expect(within(list).getByText('Subscribers')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url, init]) => String(url) === '/api/posts' && init?.method === 'POST')).toBe(true);
  });

  it('keeps Private alone, schedules a post and shows the server’s refusal beside the time', async () => {
    creatorApi({
      'POST /api/posts': () => ({
        status: 400,
        body: { type: 'publish_at_in_past', message: 'Choose a time in the future, or publish now.', statusCode: 400 },
      }),
    });
    const user = userEvent.setup();
    renderApp('/posts/new');

    await user.type(await screen.findByLabelText('Post text'), 'Soon');
    await user.click(screen.getByRole('checkbox', { name: 'Followers' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Gold' }));
    await user.click(screen.getByRole('checkbox', { name: 'Private' }));
    expect((screen.getByRole('checkbox', { name: 'Followers' }) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('checkbox', { name: 'Gold' }) as HTMLInputElement).checked).toBe(false);
    await user.click(screen.getByRole('checkbox', { name: 'Public' }));
    expect((screen.getByRole('checkbox', { name: 'Private' }) as HTMLInputElement).checked).toBe(false);

    await user.click(screen.getByRole('switch', { name: 'Schedule for later' }));
    const when = new Date(Date.now() + 2 * DAY_MS);
    when.setSeconds(0, 0);
    // A date picker's value arrives as an input event, as a browser sends it while the user picks.
    fireEvent.change(screen.getByLabelText('Publish on'), { target: { value: toDateTimeLocalValue(when) } });
    expect(screen.getByText(scheduledText(when))).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Schedule post' }));
    expect(await screen.findByText('Choose a time in the future, or publish now.')).toBeTruthy();
  });

  it('sells a post on its own at the price typed, never a post everyone can see', async () => {
    let sent: CreatePostInput | undefined;
    const fetchMock = creatorApi({
      'POST /api/posts': (body) => {
        sent = body as CreatePostInput;
        return {
          status: 201,
          body: makePost({ id: 'p7', text: 'Full set', access: ['follower'], accessLevel: 'owner', price: sent?.price ?? null }),
        };
      },
      'GET /api/posts/p7': () => ({ status: 200, body: makePost({ id: 'p7', text: 'Full set', accessLevel: 'owner' }) }),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/posts/new');
    await user.type(await screen.findByLabelText('Post text'), 'Full set');
    await user.click(screen.getByRole('checkbox', { name: 'Public' }));
    await user.click(screen.getByRole('switch', { name: 'Members can buy this post' }));
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Enter a price, or turn selling off')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Price' }), '7.5');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('A post everyone can see cannot also be sold.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url, init]) => String(url) === '/api/posts' && init?.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('checkbox', { name: 'Public' }));
    await user.click(screen.getByRole('checkbox', { name: 'Followers' }));
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/posts/p7'));
    expect(sent).toMatchObject({ access: ['follower'], price: { amountMinor: 750, currency: 'USD' } });
  });

  it('asks for an audience before sending anything', async () => {
    const fetchMock = creatorApi();
    const user = userEvent.setup();
    renderApp('/posts/new');
    await user.type(await screen.findByLabelText('Post text'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Choose who can see this post')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url, init]) => String(url) === '/api/posts' && init?.method === 'POST')).toBe(false);
  });

  it('edits a post: the composer starts from it and leaves its media alone', async () => {
    let patch: unknown;
    const post = makePost({
      accessLevel: 'owner',
      access: ['subscription'],
      text: 'First draft',
      media: [makeMedia({ urls: { thumb: '/api/posts/p1/media/0/thumb' } })],
    });
    creatorApi({
      'GET /api/posts/p1': () => ({ status: 200, body: post }),
      'PATCH /api/posts/p1': (body) => {
        patch = body;
        return { status: 200, body: { ...post, text: 'Final cut', access: ['subscription', 'gold'] } };
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/posts/p1/edit');
    const text = await screen.findByLabelText('Post text');
    expect((text as HTMLTextAreaElement).value).toBe('First draft');
    expect((screen.getByRole('checkbox', { name: 'Subscribers' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('Photo 1')).toBeTruthy();
    await user.clear(text);
    await user.type(text, 'Final cut');
    await user.click(await screen.findByRole('checkbox', { name: 'Gold' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/posts/p1'));
    expect(patch).toEqual({ text: 'Final cut', access: ['subscription', 'gold'], price: null });
  });

  it('edits a post: with the ids the API gives its owner, single items move and go, one call each', async () => {
    let patch: unknown;
    const calls: string[] = [];
    const post = makePost({
      id: 'p2',
      accessLevel: 'owner',
      access: ['public'],
      text: 'Trip',
      media: ['m1', 'm2', 'm3'].map((mediaId, position) =>
        makeMedia({ position, mediaId, urls: { thumb: `/api/posts/p2/media/${position}/thumb` } }),
      ),
    });
    creatorApi({
      'GET /api/posts/p2': () => ({ status: 200, body: post }),
      'PATCH /api/posts/p2': (body) => {
        patch = body;
        calls.push('PATCH post');
        return { status: 200, body: post };
      },
      'DELETE /api/posts/p2/media/m1': () => {
        calls.push('remove m1');
        return { status: 200, body: post };
      },
      'PATCH /api/posts/p2/media/m3': (body) => {
        calls.push(`move m3 to ${(body as { position: number }).position}`);
        return { status: 200, body: post };
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/posts/p2/edit');
    await screen.findByText('Photo 3');
    // No "replace them all": the list can be changed item by item.
    expect(screen.queryByRole('button', { name: 'Replace media' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Move Photo 3 up' }));
    await user.click(screen.getByRole('button', { name: 'Remove Photo 1' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/posts/p2'));
    // The text and access once, then the items: the whole list is never sent again.
    expect(patch).toEqual({ text: 'Trip', access: ['public'], price: null });
    expect(calls).toEqual(['PATCH post', 'remove m1', 'move m3 to 0']);
  });

  it('tells members that only creators post', async () => {
    mockApi({
      'GET /api/me': () => ({ status: 200, body: makeUser() }),
      'POST /api/me/heartbeat': () => ({ status: 204 }),
    });
    renderApp('/posts/new');
    expect(await screen.findByRole('link', { name: 'Become a creator' })).toBeTruthy();
    expect(screen.queryByLabelText('Post text')).toBeNull();
  });
});
