import { describe, expect, it } from 'vitest';
import { avatarInitial, deviceName, displayName } from './display.js';

describe('displayName', () => {
  it.each([
    [{ publicName: 'Ada Lovelace', handle: 'ada' }, 'Ada Lovelace'],
    [{ publicName: '  ', handle: 'ada' }, '@ada'],
    [{ publicName: null, handle: 'ada' }, '@ada'],
    [{ publicName: undefined, handle: '' }, 'Anonymous'],
    [{}, 'Anonymous'],
    [null, 'Anonymous'],
    [undefined, 'Anonymous'],
  ])('%j -> %s', (profile, expected) => {
    expect(displayName(profile)).toBe(expected);
  });

  it('names the nameless by the fallback given, and only them', () => {
    expect(displayName(null, 'A member')).toBe('A member');
    expect(displayName({ publicName: ' ', handle: '' }, 'A member')).toBe('A member');
    expect(displayName({ handle: 'ada' }, 'A member')).toBe('@ada');
    expect(displayName({ publicName: 'Ada', handle: 'ada' }, 'A member')).toBe('Ada');
  });

  it('takes the avatar initial from the name, skipping the @ of a handle', () => {
    expect(avatarInitial({ publicName: 'zoe' })).toBe('Z');
    expect(avatarInitial({ handle: 'max' })).toBe('M');
    expect(avatarInitial(null)).toBe('A');
  });

  it('names a device by what it said of itself', () => {
    expect(deviceName({ browser: 'Firefox 132', os: 'Windows 10' })).toBe('Firefox 132 on Windows 10');
    expect(deviceName({ browser: null, os: 'iOS 17' })).toBe('iOS 17');
    expect(deviceName({ browser: null, os: null })).toBe('Unknown device');
  });
});
