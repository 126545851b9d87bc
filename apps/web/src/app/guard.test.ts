import { describe, expect, it } from 'vitest';
import { makeUser, newUser } from '../test/api-mock';
import { guardRedirect } from './guard';
import { isKnownPath } from './routes';

const complete = makeUser();
const termsOnly = makeUser({ registrationCompletedAt: null });
const fresh = newUser();

describe('guardRedirect', () => {
  it('sends unknown paths and /index to the start', () => {
    expect(guardRedirect('/nowhere', complete, isKnownPath('/nowhere'))).toBe('/');
    expect(guardRedirect('/index', null, isKnownPath('/index'))).toBe('/');
  });

  it('keeps the open pages open to visitors', () => {
    for (const path of ['/', '/about', '/legal/tos', '/auth/login', '/auth/login/abc123', '/auth/register', '/auth/logout']) {
      expect(guardRedirect(path, null, isKnownPath(path))).toBeNull();
    }
  });

  it('sends visitors away from pages that need a session', () => {
    for (const path of [
      '/home',
      '/explore',
      '/users/u1',
      '/admin/users',
      '/auth/register/setup-profile',
      '/auth/register/verify-identity',
    ]) {
      expect(guardRedirect(path, null, isKnownPath(path))).toBe('/');
    }
  });

  it('sends an incomplete registration to profile setup, except on the registration steps', () => {
    expect(guardRedirect('/home', termsOnly, true)).toBe('/auth/register/setup-profile');
    expect(guardRedirect('/chat/42', fresh, true)).toBe('/auth/register/setup-profile');
    expect(guardRedirect('/auth/register/setup-profile', fresh, true)).toBeNull();
    expect(guardRedirect('/auth/register/accept-terms', fresh, true)).toBeNull();
  });

  it('lets a complete user through', () => {
    expect(guardRedirect('/home', complete, true)).toBeNull();
    expect(guardRedirect('/posts/p1/edit', complete, true)).toBeNull();
  });

  it('moves a signed-in user past the landing and sign-in pages', () => {
    expect(guardRedirect('/', complete, true)).toBe('/home');
    expect(guardRedirect('/auth/login', complete, true)).toBe('/home');
    expect(guardRedirect('/auth/login/', complete, true)).toBe('/home');
    expect(guardRedirect('/auth/register', fresh, true)).toBe('/auth/register/accept-terms');
    expect(guardRedirect('/', termsOnly, true)).toBe('/auth/register/setup-profile');
    // The code step is not an entry page: a second sign-in there replaces the session.
    expect(guardRedirect('/auth/login/abc123', complete, true)).toBeNull();
  });
});

describe('isKnownPath', () => {
  it('knows every product route, with parameters', () => {
    for (const path of [
      '/',
      '/admin/reported-content/c1',
      '/users/subscribeTo/c2',
      '/users/u1/personal-details',
      '/posts/p1/edit',
      '/home/install-pwa',
    ]) {
      expect(isKnownPath(path)).toBe(true);
    }
  });

  it('does not know other paths', () => {
    expect(isKnownPath('/index')).toBe(false);
    expect(isKnownPath('/users/u1/unknown')).toBe(false);
    expect(isKnownPath('/posts/p1/edit/more')).toBe(false);
  });
});
