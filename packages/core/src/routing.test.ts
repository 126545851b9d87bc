import { describe, expect, it } from 'vitest';
import { type RouteSession, routeRedirect } from './routing.js';

const anonymous: RouteSession = { signedIn: false, registrationComplete: false };
const registering: RouteSession = { signedIn: true, registrationComplete: false };
const member: RouteSession = { signedIn: true, registrationComplete: true };

describe('routeRedirect', () => {
  it('sends unknown paths and /index to /', () => {
    for (const session of [anonymous, registering, member]) {
      expect(routeRedirect('/index', session, true)).toBe('/');
      expect(routeRedirect('/no/such/page', session, false)).toBe('/');
    }
  });

  it('keeps /auth open to everyone except the two registration steps', () => {
    for (const path of ['/auth', '/auth/login', '/auth/login/abc', '/auth/register', '/auth/register/accept-terms', '/auth/logout']) {
      expect(routeRedirect(path, anonymous, true), path).toBeNull();
      expect(routeRedirect(path, registering, true), path).toBeNull();
      expect(routeRedirect(path, member, true), path).toBeNull();
    }
    for (const path of ['/auth/register/setup-profile', '/auth/register/verify-identity']) {
      expect(routeRedirect(path, anonymous, true), path).toBe('/');
      expect(routeRedirect(path, registering, true), path).toBeNull();
      expect(routeRedirect(path, member, true), path).toBeNull();
    }
  });

  it('sends anonymous visitors of any other page to /', () => {
    for (const path of ['/home', '/explore', '/users/abc', '/admin/users', '/posts/new']) {
      expect(routeRedirect(path, anonymous, true), path).toBe('/');
    }
  });

  it('sends users with an incomplete registration to setup-profile', () => {
    for (const path of ['/home', '/explore', '/users/abc']) {
      expect(routeRedirect(path, registering, true), path).toBe('/auth/register/setup-profile');
    }
  });

  it('lets registered members through', () => {
    for (const path of ['/home', '/home/', '/explore', '/users/abc', '/plans/create']) {
      expect(routeRedirect(path, member, true), path).toBeNull();
    }
  });

  it('keeps the landing, about and terms pages open to all', () => {
    for (const path of ['/', '/about', '/legal/tos']) {
      for (const session of [anonymous, registering, member]) expect(routeRedirect(path, session, true)).toBeNull();
    }
  });
});
