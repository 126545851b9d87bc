import { describe, expect, it } from 'vitest';
import { isKnownPath, matchAppRoute } from './routes';

describe('matchAppRoute', () => {
  it('matches each path once, and each path to its own route and params', () => {
    const first = matchAppRoute('/posts/p1');
    expect(first?.route.path).toBe('/posts/:postId');
    expect(first?.params).toEqual({ postId: 'p1' });
    expect(matchAppRoute('/posts/p2')?.params).toEqual({ postId: 'p2' });
    expect(matchAppRoute('/posts/new')?.route.path).toBe('/posts/new');
    expect(matchAppRoute('/posts/p1')).toBe(first);
    expect(matchAppRoute('/no/such/page')).toBeNull();
    expect(isKnownPath('/no/such/page')).toBe(false);
    expect(isKnownPath('/home')).toBe(true);
  });

  it('keeps matching correctly past the paths it keeps', () => {
    for (let i = 0; i < 250; i++) expect(matchAppRoute(`/users/u${i}`)?.params).toEqual({ userId: `u${i}` });
    expect(matchAppRoute('/users/u0')?.params).toEqual({ userId: 'u0' });
  });
});
