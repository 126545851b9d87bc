import { describe, expect, it } from 'vitest';
import { emailSchema, handleSchema, setupProfileSchema, signInCodeSchema } from './schemas.js';

describe('schemas', () => {
  it('normalises e-mail addresses', () => {
    expect(emailSchema.parse('  Ann@Example.COM ')).toBe('ann@example.com');
    expect(emailSchema.safeParse('ann@').success).toBe(false);
    expect(emailSchema.safeParse(`${'a'.repeat(250)}@x.io`).success).toBe(false);
  });

  it('accepts handles of 3 to 30 of a-z 0-9 _ . and lower-cases them', () => {
    expect(handleSchema.parse('Gold.Fox_9')).toBe('gold.fox_9');
    expect(handleSchema.parse('abc')).toBe('abc');
    expect(handleSchema.parse('a'.repeat(30))).toHaveLength(30);
    for (const bad of ['ab', 'a'.repeat(31), 'a b', 'a-b', 'ä12', '']) expect(handleSchema.safeParse(bad).success, bad).toBe(false);
  });

  it('accepts only 6-digit codes', () => {
    expect(signInCodeSchema.parse(' 012345 ')).toBe('012345');
    for (const bad of ['12345', '1234567', '12a456']) expect(signInCodeSchema.safeParse(bad).success).toBe(false);
  });

  it('drops fields a profile setup may not carry', () => {
    const parsed = setupProfileSchema.parse({ handle: 'abc', publicName: 'A', labels: ['admins'] });
    expect(parsed).toEqual({ handle: 'abc', publicName: 'A' });
  });
});
