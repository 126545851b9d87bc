import { createHash, randomBytes } from 'node:crypto';
import { deviceName } from '@aurum/core';
import { eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from '../db/database.js';
import { knownDevices } from '../db/schema.js';
import type { Mailer } from '../mail/mailer.js';
import { noticeMail } from '../mail/templates.js';
import { describeDevice } from '../sessions/device.js';

/** The cookie that tells a browser apart across sign-ins, and how long the browser keeps it. */
export const DEVICE_COOKIE = 'aurum_device';
export const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

const DEVICE_TOKEN = /^[\w-]{32}$/;
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const signInTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

export interface SignInDevice {
  /** The device cookie the browser sent, if any. */
  token?: string | undefined;
  ip: string;
  userAgent?: string | undefined;
}

/**
 * The devices a user signs in from. A sign-in from a device the user never signed in from
 * before is mailed to them, with where to sign it out; their very first device (a new account,
 * or the first sign-in since devices are remembered) is not, since there is nothing to compare with.
 */
export class KnownDevices {
  constructor(private readonly deps: { db: Database; mailer: Mailer; logger: Logger; now: () => Date; publicUrl: string }) {}

  /** Notes a sign-in, mails the user if the device is new to them, and answers the device token the browser should keep. */
  async signedIn(user: { id: string; email: string }, device: SignInDevice): Promise<string> {
    const { db, now } = this.deps;
    const token = device.token && DEVICE_TOKEN.test(device.token) ? device.token : randomBytes(24).toString('base64url');
    const deviceHash = hashOf(token);
    const [seen] = await db
      .select({
        devices: sql<number>`count(*)::int`,
        thisOne: sql<boolean>`coalesce(bool_or(${knownDevices.deviceHash} = ${deviceHash}), false)`,
      })
      .from(knownDevices)
      .where(eq(knownDevices.userId, user.id));
    await db
      .insert(knownDevices)
      .values({ userId: user.id, deviceHash, createdAt: now(), lastSignInAt: now() })
      .onConflictDoUpdate({ target: [knownDevices.userId, knownDevices.deviceHash], set: { lastSignInAt: now() } });
    if (seen && seen.devices > 0 && !seen.thisOne) await this.mailNewDevice(user, device);
    return token;
  }

  private async mailNewDevice(user: { id: string; email: string }, device: SignInDevice): Promise<void> {
    const { mailer, publicUrl, now, logger } = this.deps;
    const name = deviceName(describeDevice(device.userAgent ?? null));
    try {
      await mailer.send(
        noticeMail({
          to: user.email,
          subject: 'New sign-in to your Aurum account',
          paragraphs: [
            `Your account was signed in to on ${name}, from ${device.ip}, on ${signInTime.format(now())} UTC.`,
            'If this was you, there is nothing to do.',
            'If it was not, sign that device out under "Where you are signed in" in your personal details, and make sure your e-mail account is safe: sign-in codes go there.',
          ],
          actionUrl: `${publicUrl}/users/${encodeURIComponent(user.id)}/personal-details`,
          appUrl: publicUrl,
        }),
      );
    } catch (error) {
      // The sign-in stands; the member still sees the device in their sessions.
      logger.warn({ err: error, userId: user.id }, 'could not mail the notice of a sign-in from a new device');
    }
  }
}
