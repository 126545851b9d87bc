import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { lockedPost, makeMedia, makePost } from '../../test/post-fixtures';
import { PostMediaView } from './PostMediaView';
import { PostTile } from './PostTile';

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
    renderInRouter(<PostTile post={lockedPost({ unlock: { follow: true, plan: null } })} />);
    expect(screen.getByRole('link', { name: 'Locked post: follow to unlock' }).textContent).toContain('Follow');
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
});
