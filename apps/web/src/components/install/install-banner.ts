import { DAY_MS } from '@aurum/core';

/** Install banner rules (spec section 4): who sees it, when, and how long a dismissal lasts. */

export type DeviceKind = 'android' | 'ios' | 'other';

export const INSTALL_BANNER_DELAY_MS = 3000;
export const INSTALL_BANNER_DISMISS_MS = DAY_MS;
export const INSTALL_BANNER_CLOSED_KEY = 'aurum.installBannerClosedAt';

/** iPads on iPadOS report a Mac user agent; touch points give them away. */
export function detectDevice(userAgent: string, maxTouchPoints: number): DeviceKind {
  if (/android/i.test(userAgent)) return 'android';
  if (/iphone|ipad|ipod/i.test(userAgent)) return 'ios';
  if (/macintosh/i.test(userAgent) && maxTouchPoints > 1) return 'ios';
  return 'other';
}

export interface InstallBannerInput {
  standalone: boolean;
  device: DeviceKind;
  /** The stored closing time in milliseconds, as text, or null. */
  closedAt: string | null;
  now: number;
}

export interface InstallBannerPlan {
  /** Show the banner after `delayMs`, or never (null). */
  delayMs: number | null;
  /** A stale closing time to remove from storage. */
  forgetClosedAt: boolean;
}

export function planInstallBanner({ standalone, device, closedAt, now }: InstallBannerInput): InstallBannerPlan {
  if (standalone || device === 'other') return { delayMs: null, forgetClosedAt: false };
  if (closedAt !== null) {
    const closedTime = Number(closedAt);
    if (Number.isFinite(closedTime) && now - closedTime < INSTALL_BANNER_DISMISS_MS) return { delayMs: null, forgetClosedAt: false };
    return { delayMs: INSTALL_BANNER_DELAY_MS, forgetClosedAt: true };
  }
  return { delayMs: INSTALL_BANNER_DELAY_MS, forgetClosedAt: false };
}

/** Running as an installed app already: the display-mode query, or Safari's own flag (never, in the server's render). */
export function isStandalone(): boolean {
  if (typeof window === 'undefined') return false;
  const safari = (window.navigator as Navigator & { standalone?: boolean }).standalone;
  return window.matchMedia('(display-mode: standalone)').matches || safari === true;
}

export const currentDevice = (): DeviceKind => detectDevice(window.navigator.userAgent, window.navigator.maxTouchPoints);
