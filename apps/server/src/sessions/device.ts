import type { AccountSession } from '@aurum/core';
import Bowser from 'bowser';

export type DeviceDescription = Pick<AccountSession, 'browser' | 'os' | 'deviceType'>;

/** Only the major version: it names the browser well enough to recognise, and says less about the device. */
const named = (name: string | undefined, version: string | undefined) =>
  name ? [name, version?.split('.')[0]].filter(Boolean).join(' ') : null;

/** What a member would call the device a session was opened on, from the user agent it sent then. */
export function describeDevice(userAgent: string | null): DeviceDescription {
  if (!userAgent) return { browser: null, os: null, deviceType: 'other' };
  const parsed = Bowser.parse(userAgent);
  const platform = parsed.platform.type;
  return {
    browser: named(parsed.browser.name, parsed.browser.version),
    // Windows reports its kernel ("NT 10.0"); people know it by the name of the release.
    os: named(parsed.os.name, parsed.os.name === 'Windows' ? parsed.os.versionName : parsed.os.version),
    deviceType: platform === 'mobile' ? 'phone' : platform === 'tablet' ? 'tablet' : platform === 'desktop' ? 'desktop' : 'other',
  };
}
