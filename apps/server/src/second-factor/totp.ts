import { TOTP_DIGITS, TOTP_PERIOD_S } from '@aurum/core';
import { Secret, TOTP } from 'otpauth';

/** The authenticator app's key: 160 random bits (RFC 4226's recommended length), as base32. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

const totpOf = (secret: string, account = '') =>
  new TOTP({
    issuer: 'Aurum',
    label: account,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_S,
    secret: Secret.fromBase32(secret),
  });

/** The otpauth:// address an authenticator app reads from the QR code. SHA-1 and 30 s because every app supports them. */
export const totpUrl = (secret: string, account: string): string => totpOf(secret, account).toString();

/** The code an app shows at `at`; for tests and the development stand-ins. */
export const totpCode = (secret: string, at: Date): string => totpOf(secret).generate({ timestamp: at.getTime() });

/**
 * The time step a code belongs to, or null when it matches none. One step either side is
 * accepted for clocks that drift; the caller accepts a step once, so a seen code is not replayed.
 */
export function totpStep(secret: string, code: string, at: Date): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: at.getTime(), window: 1 });
  return delta === null ? null : Math.floor(at.getTime() / 1000 / TOTP_PERIOD_S) + delta;
}
