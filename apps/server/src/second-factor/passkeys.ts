import { randomBytes } from 'node:crypto';
import type { PasskeyOptions } from '@aurum/core';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { and, eq, gt, isNull, lte, type SQL } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { passkeyChallenges, passkeys } from '../db/schema.js';
import { errors } from '../http/errors.js';

/** How long the browser has to answer a challenge (the passkey prompt included). */
const CHALLENGE_TTL_MS = 5 * 60 * 1000;

type Purpose = (typeof passkeyChallenges.$inferSelect)['purpose'];

/** A passkey answer as the browser library sends it; its parts are checked by SimpleWebAuthn. */
export interface PasskeyAnswer {
  challengeId: string;
  response: { id: string; rawId: string; type: 'public-key' } & Record<string, unknown>;
}

/**
 * The WebAuthn ceremonies, with SimpleWebAuthn: options for the browser, each with a challenge
 * kept in the database (any instance may receive the answer) and consumed by its answer, and
 * the checks of what the browser answers. The relying party is the site's public address.
 */
export class PasskeyCeremonies {
  private readonly rpId: string;
  private readonly origin: string;

  constructor(
    private readonly db: Database,
    private readonly now: () => Date,
    publicUrl: string,
  ) {
    const url = new URL(publicUrl);
    this.rpId = url.hostname;
    this.origin = url.origin;
  }

  /** Options to create a passkey for the user; their existing passkeys are excluded, so one device is not added twice. */
  async registrationOptions(user: { id: string; email: string; name: string }): Promise<PasskeyOptions> {
    const existing = await this.db
      .select({ id: passkeys.id, transports: passkeys.transports })
      .from(passkeys)
      .where(eq(passkeys.userId, user.id));
    const options = await generateRegistrationOptions({
      rpName: 'Aurum',
      rpID: this.rpId,
      userName: user.email,
      userDisplayName: user.name || user.email,
      userID: new Uint8Array(Buffer.from(user.id)),
      attestationType: 'none',
      excludeCredentials: existing.map((passkey) => ({ id: passkey.id, transports: passkey.transports })),
      // A discoverable passkey also signs in without typing the address.
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
    return { challengeId: await this.keepChallenge(options.challenge, 'register', user.id), options: { ...options } };
  }

  /** Checks a new passkey's answer and stores the passkey; answers its id. */
  async register(userId: string, answer: PasskeyAnswer, name: string): Promise<string> {
    const challenge = await this.takeChallenge(answer.challengeId, 'register', eq(passkeyChallenges.userId, userId));
    const verification = await verifyRegistrationResponse({
      response: answer.response as unknown as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: this.origin,
      expectedRPID: this.rpId,
      requireUserVerification: false,
    }).catch(() => ({ verified: false as const }));
    if (!verification.verified) throw errors.passkeyInvalid();
    const { credential, credentialBackedUp } = verification.registrationInfo;
    const inserted = await this.db
      .insert(passkeys)
      .values({
        id: credential.id,
        userId,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: credential.transports ?? [],
        synced: credentialBackedUp,
        name,
        createdAt: this.now(),
      })
      .onConflictDoNothing()
      .returning({ id: passkeys.id });
    if (inserted.length === 0) throw errors.passkeyInvalid({ message: 'This passkey is already added.' });
    return credential.id;
  }

  /**
   * Options to check a passkey: of the given user's passkeys (a second factor, a fresh check),
   * or of any account's (a sign-in, where the browser offers the passkeys it holds for the site).
   */
  async authenticationOptions(userId: string | null): Promise<PasskeyOptions> {
    const allowed = userId
      ? await this.db.select({ id: passkeys.id, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, userId))
      : [];
    const options = await generateAuthenticationOptions({
      rpID: this.rpId,
      allowCredentials: allowed.map((passkey) => ({ id: passkey.id, transports: passkey.transports })),
      userVerification: userId ? 'preferred' : 'required',
    });
    return { challengeId: await this.keepChallenge(options.challenge, userId ? 'verify' : 'sign_in', userId), options: { ...options } };
  }

  /**
   * Checks a passkey's answer to a challenge of `authenticationOptions` and answers whose
   * passkey it was. A sign-in asks for user verification (a PIN or a fingerprint on the
   * device), so the passkey is both factors at once.
   */
  async authenticate(answer: PasskeyAnswer, userId: string | null): Promise<{ userId: string; passkeyId: string }> {
    const challenge = await this.takeChallenge(
      answer.challengeId,
      userId ? 'verify' : 'sign_in',
      userId ? eq(passkeyChallenges.userId, userId) : isNull(passkeyChallenges.userId),
    );
    const [passkey] = await this.db
      .select()
      .from(passkeys)
      .where(userId ? and(eq(passkeys.id, answer.response.id), eq(passkeys.userId, userId)) : eq(passkeys.id, answer.response.id))
      .limit(1);
    if (!passkey)
      throw errors.passkeyInvalid({ message: 'This passkey is not one of this account’s. Use another, or another way to confirm.' });
    const verification = await verifyAuthenticationResponse({
      response: answer.response as unknown as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: this.origin,
      expectedRPID: this.rpId,
      credential: {
        id: passkey.id,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
        counter: passkey.counter,
        transports: passkey.transports as never,
      },
      requireUserVerification: userId === null,
    }).catch(() => ({ verified: false as const, authenticationInfo: undefined }));
    if (!verification.verified || !verification.authenticationInfo) throw errors.passkeyInvalid();
    await this.db
      .update(passkeys)
      .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: this.now() })
      .where(eq(passkeys.id, passkey.id));
    return { userId: passkey.userId, passkeyId: passkey.id };
  }

  /** Past challenges are deleted with each new one. */
  private async keepChallenge(challenge: string, purpose: Purpose, userId: string | null): Promise<string> {
    const now = this.now();
    await this.db.delete(passkeyChallenges).where(lte(passkeyChallenges.expiresAt, now));
    const id = randomBytes(18).toString('base64url');
    await this.db
      .insert(passkeyChallenges)
      .values({ id, userId, purpose, challenge, createdAt: now, expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS) });
    return id;
  }

  /** Consumes a challenge: each is answered once, by the account and for the purpose it was made for. */
  private async takeChallenge(id: string, purpose: Purpose, owner: SQL | undefined): Promise<string> {
    const [taken] = await this.db
      .delete(passkeyChallenges)
      .where(and(eq(passkeyChallenges.id, id), eq(passkeyChallenges.purpose, purpose), gt(passkeyChallenges.expiresAt, this.now()), owner))
      .returning({ challenge: passkeyChallenges.challenge });
    if (!taken) throw errors.passkeyInvalid({ message: 'This passkey check has expired. Try again.' });
    return taken.challenge;
  }
}
