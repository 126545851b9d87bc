import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { SIGN_IN_CODE_LENGTH, SIGN_IN_CODE_MAX_ATTEMPTS } from '@aurum/core';

/** A uniformly random code of SIGN_IN_CODE_LENGTH digits, leading zeros kept. */
export function generateSignInCode(): string {
  return randomInt(0, 10 ** SIGN_IN_CODE_LENGTH)
    .toString()
    .padStart(SIGN_IN_CODE_LENGTH, '0');
}

/** The sign-in link's token: 192 random bits, which no number of tries guesses, so it needs no lock. */
export function generateSignInLinkToken(): string {
  return randomBytes(24).toString('base64url');
}

/**
 * The page the mailed link opens. The challenge and token ride in the fragment, which browsers
 * never send to a server, so no access log or proxy records them; the page asks before signing
 * in, so a mail scanner that opens links consumes nothing.
 */
export function signInLinkUrl(publicUrl: string, challengeId: string, token: string): string {
  return `${publicUrl}/auth/link#${new URLSearchParams({ challenge: challengeId, token })}`;
}

/**
 * Codes have only a million values, so a plain hash would fall to brute force: the HMAC
 * key is the server secret, and the challenge id binds the code to one request.
 */
export function hashSignInCode(secret: string, challengeId: string, code: string): string {
  return createHmac('sha256', secret).update(`${challengeId}:${code}`).digest('hex');
}

/** The link token's HMAC, kept apart from the code's so neither answer can stand for the other. */
export function hashSignInLinkToken(secret: string, challengeId: string, token: string): string {
  return hashSignInCode(secret, challengeId, `link:${token}`);
}

/** Whether `storedHash` is the HMAC of this answer, compared in constant time. */
export function signInCodeMatches(secret: string, challengeId: string, code: string, storedHash: string): boolean {
  return hashesEqual(hashSignInCode(secret, challengeId, code), storedHash);
}

export function signInLinkTokenMatches(secret: string, challengeId: string, token: string, storedHash: string): boolean {
  return hashesEqual(hashSignInLinkToken(secret, challengeId, token), storedHash);
}

function hashesEqual(candidateHex: string, storedHex: string): boolean {
  const candidate = Buffer.from(candidateHex, 'hex');
  const stored = Buffer.from(storedHex, 'hex');
  return candidate.length === stored.length && timingSafeEqual(candidate, stored);
}

export type CodeState = 'missing' | 'expired' | 'exhausted' | 'usable';

/** Whether a stored code may still be tried: it exists, has not expired and has tries left. */
export function signInCodeState(row: { attempts: number; expiresAt: Date } | undefined, now: Date): CodeState {
  if (!row) return 'missing';
  if (row.expiresAt.getTime() <= now.getTime()) return 'expired';
  if (row.attempts >= SIGN_IN_CODE_MAX_ATTEMPTS) return 'exhausted';
  return 'usable';
}

export function remainingAttempts(attemptsMade: number): number {
  return Math.max(0, SIGN_IN_CODE_MAX_ATTEMPTS - attemptsMade);
}
