import { SIGN_IN_CODE_MAX_ATTEMPTS, SIGN_IN_CODE_TTL_MS } from '@aurum/core';
import { describe, expect, it } from 'vitest';
import {
  generateSignInCode,
  generateSignInLinkToken,
  hashSignInCode,
  hashSignInLinkToken,
  remainingAttempts,
  signInCodeMatches,
  signInCodeState,
  signInLinkTokenMatches,
} from './codes.js';

const secret = 'a-test-secret-that-is-long-enough-to-use';

describe('sign-in codes', () => {
  it('are six digits, leading zeros kept, and vary', () => {
    const codes = Array.from({ length: 2000 }, generateSignInCode);
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(1900);
  });

  it('link tokens are long, vary and match only their own challenge, never as a code', () => {
    const token = generateSignInLinkToken();
    expect(token).toMatch(/^[\w-]{32}$/);
    expect(generateSignInLinkToken()).not.toBe(token);
    const hash = hashSignInLinkToken(secret, 'challenge-1', token);
    expect(signInLinkTokenMatches(secret, 'challenge-1', token, hash)).toBe(true);
    expect(signInLinkTokenMatches(secret, 'challenge-2', token, hash)).toBe(false);
    expect(signInCodeMatches(secret, 'challenge-1', token, hash)).toBe(false);
    expect(signInLinkTokenMatches(secret, 'challenge-1', '012345', hashSignInCode(secret, 'challenge-1', '012345'))).toBe(false);
  });

  it('match only the same code for the same challenge and secret', () => {
    const hash = hashSignInCode(secret, 'challenge-1', '012345');
    expect(signInCodeMatches(secret, 'challenge-1', '012345', hash)).toBe(true);
    expect(signInCodeMatches(secret, 'challenge-1', '012346', hash)).toBe(false);
    expect(signInCodeMatches(secret, 'challenge-2', '012345', hash)).toBe(false);
    expect(signInCodeMatches(`${secret}x`, 'challenge-1', '012345', hash)).toBe(false);
    expect(signInCodeMatches(secret, 'challenge-1', '012345', 'not-hex')).toBe(false);
  });

  it('expire after their lifetime', () => {
    const issued = new Date('2026-01-01T00:00:00Z');
    const row = { attempts: 0, expiresAt: new Date(issued.getTime() + SIGN_IN_CODE_TTL_MS) };
    expect(signInCodeState(row, new Date(issued.getTime() + SIGN_IN_CODE_TTL_MS - 1))).toBe('usable');
    expect(signInCodeState(row, new Date(issued.getTime() + SIGN_IN_CODE_TTL_MS))).toBe('expired');
    expect(signInCodeState(undefined, issued)).toBe('missing');
  });

  it(`allow at most ${SIGN_IN_CODE_MAX_ATTEMPTS} tries`, () => {
    const expiresAt = new Date(Date.now() + 60_000);
    expect(signInCodeState({ attempts: SIGN_IN_CODE_MAX_ATTEMPTS - 1, expiresAt }, new Date())).toBe('usable');
    expect(signInCodeState({ attempts: SIGN_IN_CODE_MAX_ATTEMPTS, expiresAt }, new Date())).toBe('exhausted');
    expect(remainingAttempts(1)).toBe(SIGN_IN_CODE_MAX_ATTEMPTS - 1);
    expect(remainingAttempts(SIGN_IN_CODE_MAX_ATTEMPTS + 3)).toBe(0);
  });
});
