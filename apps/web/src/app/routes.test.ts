import { describe, expect, it } from 'vitest';
import { isKnownPath, matchAppRoute, offersInstallPrompt } from './routes';

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

describe('offersInstallPrompt', () => {
  it('lets the install banner come up while browsing, never over a step of a task or beside home’s own card', () => {
    for (const browsing of ['/explore', '/users/c1', '/posts/p1', '/subscriptions', '/chat', '/notices']) {
      expect(offersInstallPrompt(browsing), browsing).toBe(true);
    }
    const tasks = [
      '/auth/register/accept-terms',
      '/auth/register/setup-profile',
      '/users/subscribeTo/c1',
      '/posts/new',
      '/chat/ch1',
      '/home',
    ];
    for (const task of [...tasks, '/home/install-pwa', '/support/new', '/creator/signup/payment']) {
      expect(offersInstallPrompt(task), task).toBe(false);
    }
  });
});
