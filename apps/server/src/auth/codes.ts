import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { SIGN_IN_CODE_LENGTH, SIGN_IN_CODE_MAX_ATTEMPTS } from '@aurum/core';

/** A uniformly random code of SIGN_IN_CODE_LENGTH digits, leading zeros kept. */
export function generateSignInCode(): string {
  return randomInt(0, 10 ** SIGN_IN_CODE_LENGTH)
    .toString()
    .padStart(SIGN_IN_CODE_LENGTH, '0');
}

/**
 * Codes have only a million values, so a plain hash would fall to brute force: the HMAC
 * key is the server secret, and the challenge id binds the code to one request.
 */
export function hashSignInCode(secret: string, challengeId: string, code: string): string {
  return createHmac('sha256', secret).update(`${challengeId}:${code}`).digest('hex');
}

export function signInCodeMatches(secret: string, challengeId: string, code: string, storedHash: string): boolean {
  const candidate = Buffer.from(hashSignInCode(secret, challengeId, code), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
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
