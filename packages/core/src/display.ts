/**
 * The name shown for a user or creator: public name, else @handle, else the fallback
 * ('Anonymous' unless the caller names someone otherwise, e.g. 'A member' in a creator's notice).
 */
export function displayName(
  profile: { publicName?: string | null; handle?: string | null } | null | undefined,
  fallback = 'Anonymous',
): string {
  const publicName = profile?.publicName?.trim();
  if (publicName) return publicName;
  const handle = profile?.handle?.trim();
  if (handle) return `@${handle}`;
  return fallback;
}

/** Initial letter for an avatar placeholder, derived from the display name. */
export function avatarInitial(profile: { publicName?: string | null; handle?: string | null } | null | undefined): string {
  const name = displayName(profile);
  const first = name.startsWith('@') ? name.slice(1, 2) : name.slice(0, 1);
  return first.toUpperCase();
}

/** A device as its owner would call it: "Chrome 130 on Android 14", or as much of it as it said of itself. */
export function deviceName(device: { browser: string | null; os: string | null }): string {
  if (device.browser && device.os) return `${device.browser} on ${device.os}`;
  return device.browser ?? device.os ?? 'Unknown device';
}
