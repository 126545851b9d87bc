import { describe, expect, it } from 'vitest';
import { ageGenderSchema, ageOn, imagesBioSchema, parseCalendarDate, startVerificationSchema } from './creators.js';

const born = (value: string) => {
  const date = parseCalendarDate(value);
  if (!date) throw new Error(`bad test date ${value}`);
  return date;
};
const on = (value: string) => new Date(`${value}T12:00:00Z`);

describe('parseCalendarDate', () => {
  it('reads real calendar days only', () => {
    expect(parseCalendarDate('2000-02-29')).toEqual({ year: 2000, month: 2, day: 29 });
    for (const value of ['2023-02-29', '1900-02-29', '2024-04-31', '2024-13-01', '2024-00-10', '2024-1-5', '05/01/2024', '']) {
      expect(parseCalendarDate(value), value).toBeNull();
    }
  });
});

describe('ageOn', () => {
  it('adds a year on the birthday itself, not the day before', () => {
    expect(ageOn(born('2008-06-15'), on('2026-06-14'))).toBe(17);
    expect(ageOn(born('2008-06-15'), on('2026-06-15'))).toBe(18);
    expect(ageOn(born('2008-06-15'), on('2026-12-31'))).toBe(18);
    expect(ageOn(born('2008-12-31'), on('2027-01-01'))).toBe(18);
  });

  it('counts a 29 February birthday from 1 March in common years', () => {
    expect(ageOn(born('2008-02-29'), on('2026-02-28'))).toBe(17);
    expect(ageOn(born('2008-02-29'), on('2026-03-01'))).toBe(18);
    expect(ageOn(born('2008-02-29'), on('2028-02-29'))).toBe(20);
  });

  it('uses the UTC calendar day of the clock', () => {
    expect(ageOn(born('2008-06-15'), new Date('2026-06-14T23:59:59Z'))).toBe(17);
    expect(ageOn(born('2008-06-15'), new Date('2026-06-15T00:00:00Z'))).toBe(18);
  });

  it('is negative for dates in the future', () => {
    expect(ageOn(born('2030-01-01'), on('2026-01-01'))).toBeLessThan(0);
  });
});

describe('sign-up schemas', () => {
  it('accepts a birth date and a gender from the fixed list', () => {
    expect(ageGenderSchema.parse({ birthDate: ' 1990-01-31 ', gender: 'prefer_not_to_say' })).toEqual({
      birthDate: '1990-01-31',
      gender: 'prefer_not_to_say',
    });
    expect(ageGenderSchema.safeParse({ birthDate: '1899-12-31', gender: 'female' }).success).toBe(false);
    expect(ageGenderSchema.safeParse({ birthDate: '1990-01-31', gender: 'other' }).success).toBe(false);
  });

  it('trims the bio, caps it at 1000 characters and tells omitted images from removed ones', () => {
    expect(imagesBioSchema.parse({ bio: '  hi  ' })).toEqual({ bio: 'hi' });
    expect(imagesBioSchema.parse({ bio: 'hi', avatarMediaId: null })).toEqual({ bio: 'hi', avatarMediaId: null });
    expect(imagesBioSchema.safeParse({ bio: 'x'.repeat(1000) }).success).toBe(true);
    expect(imagesBioSchema.safeParse({ bio: 'x'.repeat(1001) }).success).toBe(false);
    expect(imagesBioSchema.safeParse({ bio: '   ' }).success).toBe(false);
  });

  it('only lets the provider return to a path on this site', () => {
    for (const returnPath of ['/creator/signup/verify-identity', '/creator/signup/verify-identity?from=provider']) {
      expect(startVerificationSchema.safeParse({ returnPath }).success, returnPath).toBe(true);
    }
    for (const returnPath of ['https://evil.example', '//evil.example/x', '/\\evil.example', 'creator', '/a b']) {
      expect(startVerificationSchema.safeParse({ returnPath }).success, returnPath).toBe(false);
    }
  });
});
