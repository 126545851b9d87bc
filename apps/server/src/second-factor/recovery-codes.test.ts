import { RECOVERY_CODE_COUNT, recoveryCodeSchema } from '@aurum/core';
import { describe, expect, it } from 'vitest';
import { generateRecoveryCodes, hashRecoveryCode } from './recovery-codes.js';

describe('recovery codes', () => {
  it('are ten different codes of ten unambiguous characters, read back however they are typed', () => {
    const codes = generateRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) {
      expect(code).toMatch(/^[a-hjkmnp-z2-9]{10}$/);
      expect(recoveryCodeSchema.parse(` ${code.slice(0, 5).toUpperCase()} - ${code.slice(5)} `)).toBe(code);
    }
  });

  it('are stored as hashes bound to their user', () => {
    const [code = ''] = generateRecoveryCodes();
    expect(hashRecoveryCode('s', 'user-1', code)).toBe(hashRecoveryCode('s', 'user-1', code));
    expect(hashRecoveryCode('s', 'user-2', code)).not.toBe(hashRecoveryCode('s', 'user-1', code));
    expect(hashRecoveryCode('s', 'user-1', code)).not.toContain(code);
  });
});
