import { randomInt } from 'node:crypto';

/** Letters and digits that cannot be mistaken for one another when read or typed. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

/** A code that goes in an address a creator shares (a free-trial link, a discount link): 12 characters from a cryptographic source. */
export function shareCode(length = 12): string {
  return Array.from({ length }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
}
