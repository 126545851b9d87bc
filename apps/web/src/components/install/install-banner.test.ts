import { describe, expect, it } from 'vitest';
import { detectDevice, INSTALL_BANNER_DELAY_MS, INSTALL_BANNER_DISMISS_MS, planInstallBanner } from './install-banner';

const NOW = 1_800_000_000_000;
const never = { delayMs: null, forgetClosedAt: false };

describe('detectDevice', () => {
  it('tells Android, iOS (iPadOS included) and everything else apart', () => {
    expect(detectDevice('Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/130 Mobile', 5)).toBe('android');
    expect(detectDevice('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari', 5)).toBe('ios');
    expect(detectDevice('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605', 5)).toBe('ios');
    expect(detectDevice('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605', 0)).toBe('other');
    expect(detectDevice('Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/130', 0)).toBe('other');
  });
});

describe('planInstallBanner', () => {
  it('shows the banner 3 seconds after load on phones', () => {
    expect(planInstallBanner({ standalone: false, device: 'android', closedAt: null, now: NOW })).toEqual({
      delayMs: INSTALL_BANNER_DELAY_MS,
      forgetClosedAt: false,
    });
    expect(INSTALL_BANNER_DELAY_MS).toBe(3000);
  });

  it('never shows in the installed app or on other devices', () => {
    expect(planInstallBanner({ standalone: true, device: 'ios', closedAt: null, now: NOW })).toEqual(never);
    expect(planInstallBanner({ standalone: false, device: 'other', closedAt: null, now: NOW })).toEqual(never);
  });

  it('stays hidden for a day after it was closed', () => {
    const closedAt = String(NOW - INSTALL_BANNER_DISMISS_MS + 1000);
    expect(planInstallBanner({ standalone: false, device: 'ios', closedAt, now: NOW })).toEqual(never);
  });

  it('forgets a closing older than a day and shows again', () => {
    const closedAt = String(NOW - INSTALL_BANNER_DISMISS_MS - 1);
    expect(planInstallBanner({ standalone: false, device: 'ios', closedAt, now: NOW })).toEqual({
      delayMs: INSTALL_BANNER_DELAY_MS,
      forgetClosedAt: true,
    });
  });

  it('treats an unreadable stored value as stale', () => {
    expect(planInstallBanner({ standalone: false, device: 'android', closedAt: 'yesterday', now: NOW }).forgetClosedAt).toBe(true);
  });
});
