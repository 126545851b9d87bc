import { isFreshCheck, type PasskeyOptions, type SecondFactorMethod, type SecondFactorStatus, type TotpSetup } from '@aurum/core';
import { and, asc, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { SecondFactorNeed } from '../access/access.js';
import type { Database } from '../db/database.js';
import { passkeys, recoveryCodes, sessions, totpAuthenticators, users } from '../db/schema.js';
import { Seal } from '../db/seal.js';
import { errors } from '../http/errors.js';
import type { Viewer } from '../http/viewer.js';
import type { RateLimiter, RateRule } from '../rate-limit/rate-limiter.js';
import type { SessionStore } from '../sessions/sessions.js';
import type { PasskeyAnswer, PasskeyCeremonies } from './passkeys.js';
import { generateRecoveryCodes, hashRecoveryCode } from './recovery-codes.js';
import { newTotpSecret, totpStep, totpUrl } from './totp.js';

/** A second factor as it is answered: an app's code, a recovery code, or a passkey's answer. */
export type SecondFactorProof = { totpCode: string } | { recoveryCode: string } | { passkey: PasskeyAnswer };

/**
 * Wrong second factors per account, wherever they are tried (a sign-in's second step, a fresh
 * check). Only someone past the first factor gets here, so this bounds guessing an app's code
 * (a million values) without letting strangers lock the owner out.
 */
export const SECOND_FACTOR_RATE_RULES = {
  wrongPerUser: { limit: 10, windowMs: 15 * 60 * 1000 },
} satisfies Record<string, RateRule>;

export interface SecondFactorsDeps {
  db: Database;
  sessions: SessionStore;
  rateLimiter: RateLimiter;
  ceremonies: PasskeyCeremonies;
  now: () => Date;
  secret: string;
}

/** Adding, using and removing second factors, and the checks actions ask for. */
export class SecondFactors {
  private readonly totpSeal: Seal;

  constructor(private readonly deps: SecondFactorsDeps) {
    this.totpSeal = new Seal(deps.secret, 'totp-secret');
  }

  async status(viewer: Viewer): Promise<SecondFactorStatus> {
    const { db } = this.deps;
    const [totp, keys, [codes]] = await Promise.all([
      this.confirmedTotp(viewer.userId),
      db.select().from(passkeys).where(eq(passkeys.userId, viewer.userId)).orderBy(asc(passkeys.createdAt)),
      db
        .select({ left: count() })
        .from(recoveryCodes)
        .where(and(eq(recoveryCodes.userId, viewer.userId), isNull(recoveryCodes.usedAt))),
    ]);
    return {
      enabled: Boolean(totp) || keys.length > 0,
      totp: Boolean(totp),
      passkeys: keys.map((key) => ({
        id: key.id,
        name: key.name,
        createdAt: key.createdAt.toISOString(),
        lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
        synced: key.synced,
      })),
      recoveryCodesLeft: codes?.left ?? 0,
      verifiedAt: viewer.secondFactorAt?.toISOString() ?? null,
    };
  }

  /** The ways the user can pass a second factor; empty when they have none. */
  async methodsOf(userId: string): Promise<SecondFactorMethod[]> {
    const { db } = this.deps;
    const [totp, [keys]] = await Promise.all([
      this.confirmedTotp(userId),
      db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId)),
    ]);
    if (!totp && !keys?.n) return [];
    return [...(keys?.n ? (['passkey'] as const) : []), ...(totp ? (['totp'] as const) : []), 'recovery'];
  }

  /**
   * Refuses what needs a second factor the session has not passed: 403 second_factor_required
   * when the account has none yet, else 403 step_up_required (the web asks for one and retries).
   */
  async require(viewer: Viewer, needed: SecondFactorNeed): Promise<void> {
    const passed = needed === 'fresh' ? isFreshCheck(viewer.secondFactorAt, this.deps.now()) : viewer.secondFactorAt !== null;
    if (passed) return;
    if ((await this.methodsOf(viewer.userId)).length === 0) throw errors.secondFactorRequired();
    throw errors.stepUpRequired();
  }

  /** Starts adding an authenticator app: a new secret, unconfirmed until a code from the app proves it was read. */
  async startTotp(viewer: Viewer): Promise<TotpSetup> {
    await this.requireFreshIfEnabled(viewer);
    if (await this.confirmedTotp(viewer.userId)) throw errors.totpAlreadyOn();
    const secret = newTotpSecret();
    const sealedSecret = this.totpSeal.seal(secret, viewer.userId);
    await this.deps.db
      .insert(totpAuthenticators)
      .values({ userId: viewer.userId, sealedSecret, createdAt: this.deps.now() })
      .onConflictDoUpdate({
        target: totpAuthenticators.userId,
        set: { sealedSecret, createdAt: this.deps.now(), lastUsedStep: null },
        // An app confirmed meanwhile is kept: it is removed only on purpose, after a fresh check.
        setWhere: isNull(totpAuthenticators.confirmedAt),
      });
    const otpauthUrl = totpUrl(secret, viewer.email);
    return { secret, otpauthUrl, qrSvg: await QRCode.toString(otpauthUrl, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }) };
  }

  /**
   * Confirms the app with a code it shows. The session counts as checked now; the first factor
   * of an account comes with its recovery codes, answered this once.
   */
  async confirmTotp(viewer: Viewer, code: string): Promise<{ recoveryCodes: string[] | null }> {
    const { db, now } = this.deps;
    const [pending] = await db.select().from(totpAuthenticators).where(eq(totpAuthenticators.userId, viewer.userId)).limit(1);
    if (!pending) throw errors.totpNotStarted();
    if (pending.confirmedAt) throw errors.totpAlreadyOn();
    const secret = this.totpSeal.open(pending.sealedSecret, viewer.userId);
    const step = secret === null ? null : totpStep(secret, code, now());
    if (step === null) throw errors.secondFactorInvalid({ message: 'That code did not match. Enter the code the app shows now.' });
    const wasEnabled = (await this.methodsOf(viewer.userId)).length > 0;
    await db
      .update(totpAuthenticators)
      .set({ confirmedAt: now(), lastUsedStep: step })
      .where(and(eq(totpAuthenticators.userId, viewer.userId), isNull(totpAuthenticators.confirmedAt)));
    return this.factorAdded(viewer, wasEnabled);
  }

  async removeTotp(viewer: Viewer): Promise<void> {
    if (!(await this.confirmedTotp(viewer.userId))) throw errors.notFound('Authenticator app');
    await this.require(viewer, 'fresh');
    await this.deps.db.delete(totpAuthenticators).where(eq(totpAuthenticators.userId, viewer.userId));
    await this.afterRemoval(viewer.userId);
  }

  async passkeyOptionsToAdd(viewer: Viewer): Promise<PasskeyOptions> {
    await this.requireFreshIfEnabled(viewer);
    const [user] = await this.deps.db.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, viewer.userId));
    return this.deps.ceremonies.registrationOptions({ id: viewer.userId, email: viewer.email, name: user?.name ?? '' });
  }

  async addPasskey(viewer: Viewer, answer: PasskeyAnswer, name: string): Promise<{ recoveryCodes: string[] | null }> {
    await this.requireFreshIfEnabled(viewer);
    const wasEnabled = (await this.methodsOf(viewer.userId)).length > 0;
    await this.deps.ceremonies.register(viewer.userId, answer, name);
    return this.factorAdded(viewer, wasEnabled);
  }

  async removePasskey(viewer: Viewer, passkeyId: string): Promise<void> {
    const owned = and(eq(passkeys.id, passkeyId), eq(passkeys.userId, viewer.userId));
    const [passkey] = await this.deps.db.select({ id: passkeys.id }).from(passkeys).where(owned).limit(1);
    if (!passkey) throw errors.notFound('Passkey');
    await this.require(viewer, 'fresh');
    await this.deps.db.delete(passkeys).where(owned);
    await this.afterRemoval(viewer.userId);
  }

  /** Replaces every recovery code with new ones (the old ones stop working), after a fresh check. */
  async newRecoveryCodes(viewer: Viewer): Promise<string[]> {
    if ((await this.methodsOf(viewer.userId)).length === 0) throw errors.recoveryCodesNeedFactor();
    await this.require(viewer, 'fresh');
    return this.replaceRecoveryCodes(viewer.userId);
  }

  /** Options for the browser to check one of the user's passkeys. */
  passkeyOptionsToVerify(userId: string): Promise<PasskeyOptions> {
    return this.deps.ceremonies.authenticationOptions(userId);
  }

  /** Options for a passkey sign-in, where the browser offers whichever of the site's passkeys it holds. */
  passkeySignInOptions(): Promise<PasskeyOptions> {
    return this.deps.ceremonies.authenticationOptions(null);
  }

  /** Whose passkey answered a sign-in's challenge (checked with user verification, so it is both factors). */
  async passkeySignIn(answer: PasskeyAnswer): Promise<string> {
    return (await this.deps.ceremonies.authenticate(answer, null)).userId;
  }

  /** A fresh check of the signed-in member: the session counts as checked from now. */
  async stepUp(viewer: Viewer, proof: SecondFactorProof): Promise<Date> {
    await this.verify(viewer.userId, proof);
    return this.deps.sessions.markSecondFactor(viewer.sessionId);
  }

  /**
   * Checks a second factor of the user, or throws. An app's code is accepted once (its time
   * step is recorded atomically); a recovery code is used up; a passkey's challenge is consumed.
   */
  async verify(userId: string, proof: SecondFactorProof): Promise<void> {
    const { rateLimiter } = this.deps;
    const wrongKey = `second-factor-wrong:user:${userId}`;
    if (await rateLimiter.isExhausted(wrongKey, SECOND_FACTOR_RATE_RULES.wrongPerUser)) throw errors.secondFactorAttemptsExceeded();
    try {
      if ('totpCode' in proof) await this.useTotpCode(userId, proof.totpCode);
      else if ('recoveryCode' in proof) await this.useRecoveryCode(userId, proof.recoveryCode);
      else await this.deps.ceremonies.authenticate(proof.passkey, userId);
    } catch (error) {
      await rateLimiter.count(wrongKey, SECOND_FACTOR_RATE_RULES.wrongPerUser);
      throw error;
    }
  }

  private async useTotpCode(userId: string, code: string): Promise<void> {
    const { db, now } = this.deps;
    const totp = await this.confirmedTotp(userId);
    const secret = totp ? this.totpSeal.open(totp.sealedSecret, userId) : null;
    const step = secret === null ? null : totpStep(secret, code, now());
    if (step === null) throw errors.secondFactorInvalid();
    const accepted = await db
      .update(totpAuthenticators)
      .set({ lastUsedStep: step })
      .where(and(eq(totpAuthenticators.userId, userId), sql`coalesce(${totpAuthenticators.lastUsedStep}, -1) < ${step}`))
      .returning({ userId: totpAuthenticators.userId });
    if (accepted.length === 0)
      throw errors.secondFactorInvalid({ message: 'This code was used already. Enter the next one the app shows.' });
  }

  private async useRecoveryCode(userId: string, code: string): Promise<void> {
    const { db, now, secret } = this.deps;
    const used = await db
      .update(recoveryCodes)
      .set({ usedAt: now() })
      .where(
        and(
          eq(recoveryCodes.userId, userId),
          eq(recoveryCodes.codeHash, hashRecoveryCode(secret, userId, code)),
          isNull(recoveryCodes.usedAt),
        ),
      )
      .returning({ userId: recoveryCodes.userId });
    if (used.length === 0) throw errors.secondFactorInvalid({ message: 'That recovery code is not right, or was used already.' });
  }

  private async confirmedTotp(userId: string) {
    const [row] = await this.deps.db
      .select()
      .from(totpAuthenticators)
      .where(and(eq(totpAuthenticators.userId, userId), isNotNull(totpAuthenticators.confirmedAt)))
      .limit(1);
    return row;
  }

  /** With a factor on the account, adding another asks for a fresh check: a stolen session cannot add its own. */
  private async requireFreshIfEnabled(viewer: Viewer): Promise<void> {
    if ((await this.methodsOf(viewer.userId)).length > 0) await this.require(viewer, 'fresh');
  }

  /** The new factor has just been used, so the session counts as checked; a first factor brings recovery codes. */
  private async factorAdded(viewer: Viewer, wasEnabled: boolean): Promise<{ recoveryCodes: string[] | null }> {
    await this.deps.sessions.markSecondFactor(viewer.sessionId);
    return { recoveryCodes: wasEnabled ? null : await this.replaceRecoveryCodes(viewer.userId) };
  }

  private async replaceRecoveryCodes(userId: string): Promise<string[]> {
    const { db, now, secret } = this.deps;
    const codes = generateRecoveryCodes();
    await db.transaction(async (tx) => {
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
      await tx
        .insert(recoveryCodes)
        .values(codes.map((code) => ({ userId, codeHash: hashRecoveryCode(secret, userId, code), createdAt: now() })));
    });
    return codes;
  }

  /** Without any factor left, recovery codes go and no session counts as checked any more. */
  private async afterRemoval(userId: string): Promise<void> {
    if ((await this.methodsOf(userId)).length > 0) return;
    const { db } = this.deps;
    await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await db.update(sessions).set({ secondFactorAt: null }).where(eq(sessions.userId, userId));
    this.deps.sessions.forgetUser(userId);
  }
}
