import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { keptBlurredPicture } from '../../lib/cache/documents';
import { lockedPost, makeMedia, makePost } from '../../test/post-fixtures';
import { PostMediaView } from './PostMediaView';
import { PostTile } from './PostTile';

vi.mock('../../lib/cache/documents', () => ({ keptBlurredPicture: vi.fn(async () => undefined) }));

function renderInRouter(element: React.ReactElement) {
  const router = createMemoryRouter([{ path: '/', element }]);
  return render(<RouterProvider router={router} />);
}

describe('post tiles', () => {
  it('shows a locked post blurred, with a lock and the cheapest plan price, and no original media address', () => {
    const { container } = renderInRouter(<PostTile post={lockedPost()} />);
    const tile = screen.getByRole('link', { name: 'Locked post: subscribe from $4.99 to unlock' });
    expect(tile.getAttribute('href')).toBe('/posts/p2');
    expect(tile.textContent).toContain('$4.99');
    expect(tile.querySelector('[data-testid="LockIcon"]')).not.toBeNull();
    const sources = [...container.querySelectorAll('img, video, audio, source')].map((element) => element.getAttribute('src'));
    expect(sources).toEqual(['/api/posts/p2/media/0/blurThumb?v=bt']);
    expect(container.innerHTML).not.toMatch(/\/(thumb|playable|poster)\b/);
  });

  it('shows blurred media even if a locked post came with more than it should', () => {
    const leaky = lockedPost({
      media: [
        makeMedia({
          urls: {
            thumb: '/api/posts/p2/media/0/thumb',
            playable: '/api/posts/p2/media/0/playable',
            blurThumb: '/api/posts/p2/media/0/blurThumb',
          },
        }),
      ],
    });
    const { container } = renderInRouter(<PostTile post={leaky} />);
    expect(container.innerHTML).not.toContain('/thumb');
    expect(container.innerHTML).not.toContain('/playable');
  });

  it('offers following for follower posts', () => {
    renderInRouter(<PostTile post={lockedPost({ unlock: { follow: true, plan: null, price: null } })} />);
    expect(screen.getByRole('link', { name: 'Locked post: follow to unlock' }).textContent).toContain('Follow');
  });

  it('shows the price of a post sold on its own, and names every way in', () => {
    const price = { amountMinor: 700, currency: 'USD' as const };
    const sold = lockedPost({ price, unlock: { follow: false, plan: lockedPost().unlock?.plan ?? null, price } });
    renderInRouter(<PostTile post={sold} />);
    const tile = screen.getByRole('link', { name: 'Locked post: buy for $7.00 or subscribe from $4.99 to unlock' });
    expect(tile.textContent).toContain('$7.00');
  });

  it('shows the thumbnail of an unlocked post', () => {
    const post = makePost({
      media: [makeMedia({ urls: { thumb: '/api/posts/p1/media/0/thumb?v=t', playable: '/api/posts/p1/media/0/playable?v=p' } })],
    });
    const { container } = renderInRouter(<PostTile post={post} />);
    expect(screen.getByRole('link', { name: 'Post: Morning light in the studio' })).toBeTruthy();
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/api/posts/p1/media/0/thumb?v=t');
    expect(container.querySelector('[data-testid="LockIcon"]')).toBeNull();
  });

  it('names a text post with the text its tile shows, cut short alike for a long one', () => {
    const text = `Evening at the harbour. ${'The boats come in and the light turns gold. '.repeat(12)}`;
    renderInRouter(<PostTile post={makePost({ text, media: [] })} />);
    const tile = screen.getByRole('link', { name: /^Post: Evening at the harbour\./ });
    const shown = tile.textContent ?? '';
    expect(shown.length).toBeLessThan(text.length);
    expect(tile.getAttribute('aria-label')).toBe(`Post: ${shown}`);
  });

  it('plays an unlocked video from the playable address with its poster, and locks a locked one', () => {
    const video = makeMedia({
      kind: 'video',
      urls: { playable: '/api/posts/p1/media/0/playable', poster: '/api/posts/p1/media/0/poster' },
    });
    const { container, unmount } = render(<PostMediaView item={video} index={0} count={1} locked={false} />);
    const element = container.querySelector('video');
    expect(element?.getAttribute('src')).toBe('/api/posts/p1/media/0/playable');
    expect(element?.getAttribute('poster')).toBe('/api/posts/p1/media/0/poster');
    expect(element?.hasAttribute('controls')).toBe(true);
    unmount();

    const locked = makeMedia({ kind: 'video', urls: { blur: '/api/posts/p2/media/0/blur' } });
    const view = render(<PostMediaView item={locked} index={0} count={1} locked />);
    expect(view.container.querySelector('video')).toBeNull();
    expect(screen.getByRole('img', { name: 'Video, blurred: locked' }).getAttribute('src')).toBe('/api/posts/p2/media/0/blur');
    expect(screen.getByText('Locked')).toBeTruthy();
  });

  it('puts the blurred picture this device kept in place of a picture that does not load, once', async () => {
    vi.mocked(keptBlurredPicture).mockImplementation(async (src) =>
      src === '/api/posts/p1/media/0/playable?v=p' ? '/api/posts/p1/media/0/blur?v=p' : undefined,
    );
    const photo = makeMedia({ urls: { playable: '/api/posts/p1/media/0/playable?v=p', blur: '/api/posts/p1/media/0/blur?v=p' } });
    render(<PostMediaView item={photo} index={0} count={1} locked={false} />);
    fireEvent.error(screen.getByRole('img', { name: 'Photo' }));
    const standIn = await screen.findByRole('img', { name: 'Photo, blurred' });
    expect(standIn.getAttribute('src')).toBe('/api/posts/p1/media/0/blur?v=p');
    // The blurred picture failing too leaves the placeholder: nothing more is asked for.
    fireEvent.error(standIn);
    expect(keptBlurredPicture).toHaveBeenCalledTimes(1);

    // Nothing kept: the picture stays as it was.
    const other = makeMedia({ urls: { playable: '/api/posts/p3/media/0/playable?v=q' } });
    render(<PostMediaView item={other} index={0} count={2} locked={false} />);
    fireEvent.error(screen.getByRole('img', { name: 'Photo 1 of 2' }));
    await vi.waitFor(() => expect(keptBlurredPicture).toHaveBeenCalledTimes(2));
    expect(screen.getByRole('img', { name: 'Photo 1 of 2' }).getAttribute('src')).toBe('/api/posts/p3/media/0/playable?v=q');
  });
});
