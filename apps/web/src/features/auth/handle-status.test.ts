import { describe, expect, it } from 'vitest';
import { describeHandle, HANDLE_HINT, validateHandle } from './handle-status';

describe('handle status', () => {
  it('hints while empty and reports invalid handles without asking the server', () => {
    expect(validateHandle('  ')).toEqual({ text: HANDLE_HINT, error: false, handle: null });
    const short = validateHandle('ab');
    expect(short.error).toBe(true);
    expect(describeHandle(short, { state: 'known', available: true })).toBe(short);
  });

  it('combines a valid handle with the availability answer', () => {
    const valid = validateHandle('Ada.L');
    expect(valid.handle).toBe('ada.l');
    expect(describeHandle(valid, { state: 'checking' }).text).toBe('Checking whether @ada.l is free…');
    expect(describeHandle(valid, { state: 'known', available: true })).toMatchObject({ text: '@ada.l is available.', error: false });
    expect(describeHandle(valid, { state: 'known', available: false })).toMatchObject({ error: true });
    expect(describeHandle(valid, { state: 'own' }).text).toBe('@ada.l is your handle.');
  });
});
