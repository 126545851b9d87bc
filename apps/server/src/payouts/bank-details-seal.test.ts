import { describe, expect, it } from 'vitest';
import { type BankDetails, BankDetailsSeal } from './bank-details-seal.js';

const details: BankDetails = {
  holderName: 'Ada Lovelace',
  country: 'DE',
  currency: 'EUR',
  iban: 'DE89370400440532013000',
  accountNumber: null,
  routingNumber: null,
};
const seal = new BankDetailsSeal('a server secret of at least thirty-two characters');

/** The sealed value with one character of its part `index` changed. */
function tampered(value: string, index: number): string {
  const parts = value.split('.');
  const part = parts[index] as string;
  parts[index] = `${part.slice(0, 3)}${part[3] === 'A' ? 'B' : 'A'}${part.slice(4)}`;
  return parts.join('.');
}

describe('bank details seal', () => {
  it('opens what it sealed, and never shows the number in the sealed value', () => {
    const sealed = seal.seal(details, 'method-1');
    expect(sealed).not.toContain('0532013000');
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(seal.open(sealed, 'method-1')).toEqual(details);
    // A fresh IV each time: the same details never seal to the same value.
    expect(seal.seal(details, 'method-1')).not.toBe(sealed);
  });

  it('refuses a changed value, another method, another secret and garbage', () => {
    const sealed = seal.seal(details, 'method-1');
    for (const part of [1, 2, 3]) expect(seal.open(tampered(sealed, part), 'method-1')).toBeNull();
    expect(seal.open(sealed, 'method-2')).toBeNull();
    expect(new BankDetailsSeal('another server secret, also thirty-two characters').open(sealed, 'method-1')).toBeNull();
    for (const garbage of ['', 'v1', 'v2.a.b.c', `${sealed}.extra`, 'v1.!!.!!.!!']) expect(seal.open(garbage, 'method-1')).toBeNull();
  });
});
