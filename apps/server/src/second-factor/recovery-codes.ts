import { createHmac, randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@aurum/core';

/** Letters and digits that cannot be mistaken for each other when read off paper (no 0/o, 1/l/i). */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const LENGTH = 10;

/** A new set of recovery codes, each 10 characters (about 50 bits): too many to guess within the tries allowed. */
export function generateRecoveryCodes(): string[] {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) {
    codes.add(Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join(''));
  }
  return [...codes];
}

/** Only an HMAC is stored, keyed to the user, so a leaked table gives no code and one user's hash is no other's. */
export const hashRecoveryCode = (secret: string, userId: string, code: string): string =>
  createHmac('sha256', secret).update(`recovery:${userId}:${code}`).digest('hex');
