import { describe, expect, it } from 'vitest';
import { newTotpSecret, totpCode, totpStep, totpUrl } from './totp.js';

const at = new Date('2026-11-28T12:00:10Z');
const stepAt = (date: Date) => Math.floor(date.getTime() / 30_000);

describe('authenticator app codes', () => {
  it('accept the code of this step and of the steps either side, naming the step', () => {
    const secret = newTotpSecret();
    expect(totpStep(secret, totpCode(secret, at), at)).toBe(stepAt(at));
    const before = new Date(at.getTime() - 30_000);
    const after = new Date(at.getTime() + 30_000);
    expect(totpStep(secret, totpCode(secret, before), at)).toBe(stepAt(before));
    expect(totpStep(secret, totpCode(secret, after), at)).toBe(stepAt(after));
  });

  it('refuse codes two steps away, of another secret, or changed', () => {
    const secret = newTotpSecret();
    expect(totpStep(secret, totpCode(secret, new Date(at.getTime() - 61_000)), at)).toBeNull();
    expect(totpStep(secret, totpCode(newTotpSecret(), at), at)).toBeNull();
    const code = totpCode(secret, at);
    const changed = `${code.slice(0, 5)}${(Number(code[5]) + 1) % 10}`;
    expect(totpStep(secret, changed, at)).toBeNull();
  });

  it('give apps an otpauth address with the issuer, the account and a 160-bit secret', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(totpUrl(secret, 'mia@example.com'));
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('issuer')).toBe('Aurum');
    expect(url.searchParams.get('secret')).toBe(secret);
    expect(decodeURIComponent(url.pathname)).toContain('mia@example.com');
  });
});
