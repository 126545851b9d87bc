import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeUser, mockApi } from '../../test/api-mock';
import { lockedPost, makePost } from '../../test/post-fixtures';
import { renderApp } from '../../test/render-app';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The API table, with like calls held until the test answers them. */
function mockWithHeldLikes(post: ReturnType<typeof makePost>) {
  const fetchMock = mockApi({
    'GET /api/me': () => ({ status: 200, body: makeUser({ id: 'v1' }) }),
    'POST /api/me/heartbeat': () => ({ status: 204 }),
    [`GET /api/posts/${post.id}`]: () => ({ status: 200, body: post }),
  });
  const held: { method: string; answer: (response: Response) => void }[] = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input).endsWith('/like')) {
      return new Promise<Response>((resolve) => held.push({ method: init?.method ?? 'GET', answer: resolve }));
    }
    return fetchMock(input, init);
  });
  return held;
}

describe('like button', () => {
  it('likes at once with the compact count, keeps the server’s count, and unlikes', async () => {
    const held = mockWithHeldLikes(makePost({ likes: 1249, liked: false }));
    const user = userEvent.setup();
    renderApp('/posts/p1');
    const article = await screen.findByRole('article');
    const like = within(article).getByRole('button', { name: 'Like' });
    expect(like.getAttribute('aria-pressed')).toBe('false');
    expect(like.textContent).toContain('1.2K');

    await user.click(like);
    const unlike = await within(article).findByRole('button', { name: 'Unlike' });
    expect(unlike.getAttribute('aria-pressed')).toBe('true');
    expect(unlike.textContent).toContain('1.3K');
    await waitFor(() => expect(held).toHaveLength(1));
    expect(held[0]?.method).toBe('PUT');
    // From the optimistic state to the server's answer, the button never shows the like undone.
    const pressed: string[] = [];
    const watch = new MutationObserver(() =>
      pressed.push(article.querySelector('button[aria-pressed]')?.getAttribute('aria-pressed') ?? 'gone'),
    );
    watch.observe(article, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-pressed'] });
    held[0]?.answer(json(200, { liked: true, likes: 1300 }));
    await waitFor(() => expect(within(article).getByRole('button', { name: 'Unlike' }).textContent).toContain('1.3K'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    watch.disconnect();
    expect(pressed).not.toContain('false');

    await user.click(within(article).getByRole('button', { name: 'Unlike' }));
    expect((await within(article).findByRole('button', { name: 'Like' })).getAttribute('aria-pressed')).toBe('false');
    await waitFor(() => expect(held).toHaveLength(2));
    expect(held[1]?.method).toBe('DELETE');
    held[1]?.answer(json(200, { liked: false, likes: 1299 }));
    await waitFor(() => expect(within(article).getByRole('button', { name: 'Like' }).textContent).toContain('1.3K'));
  });

  it('rolls back when the server refuses, and says why', async () => {
    const held = mockWithHeldLikes(makePost({ likes: 7, liked: false }));
    const user = userEvent.setup();
    renderApp('/posts/p1');
    const article = await screen.findByRole('article');
    await user.click(within(article).getByRole('button', { name: 'Like' }));
    expect((await within(article).findByRole('button', { name: 'Unlike' })).textContent).toContain('8');
    await waitFor(() => expect(held).toHaveLength(1));
    held[0]?.answer(json(403, { type: 'post_locked', message: 'Unlock this post to like it.', statusCode: 403 }));

    const like = await within(article).findByRole('button', { name: 'Like' });
    expect(like.textContent).toContain('7');
    expect(like.getAttribute('aria-pressed')).toBe('false');
    expect(await screen.findByText('Unlock this post to like it.')).toBeTruthy();
  });

  it('is not offered on a locked post the viewer has not liked', async () => {
    mockWithHeldLikes(lockedPost({ id: 'p1' }));
    renderApp('/posts/p1');
    const article = await screen.findByRole('article');
    expect(within(article).queryByRole('button', { name: 'Like' })).toBeNull();
  });
});
