import { z } from 'zod';
import { currentUserSchema } from './api-types.js';

/**
 * A second factor: a passkey, or a code from an authenticator app (TOTP), with one-time
 * recovery codes for when both are lost. Creators need one to change where they are paid and
 * to withdraw, admins to use the admin area; the most sensitive actions ask for a fresh check.
 */

/** How recent a check must be for refunds, suspensions, anonymising and payout actions. */
export const STEP_UP_FRESH_MS = 10 * 60 * 1000;
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_S = 30;
export const RECOVERY_CODE_COUNT = 10;

const isoDate = z.iso.datetime({ offset: true });

export const SECOND_FACTOR_METHODS = ['passkey', 'totp', 'recovery'] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];

export const passkeySummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: isoDate,
  lastUsedAt: isoDate.nullable(),
  /** Kept in a synced keychain (iCloud, Google Password Manager), so it survives a lost phone. */
  synced: z.boolean(),
});
export type PasskeySummary = z.infer<typeof passkeySummarySchema>;

/** What protects the account, and when this session last passed a second factor. */
export const secondFactorStatusSchema = z.object({
  enabled: z.boolean(),
  totp: z.boolean(),
  passkeys: z.array(passkeySummarySchema),
  recoveryCodesLeft: z.number().int(),
  /** When this session last passed a second factor (at sign-in or a later check); null if never. */
  verifiedAt: isoDate.nullable(),
});
export type SecondFactorStatus = z.infer<typeof secondFactorStatusSchema>;

/** An authenticator app to add: the secret as text and as a QR code (SVG) of its otpauth:// address. */
export const totpSetupSchema = z.object({ secret: z.string(), otpauthUrl: z.string(), qrSvg: z.string() });
export type TotpSetup = z.infer<typeof totpSetupSchema>;

export const totpCodeSchema = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${TOTP_DIGITS}}$`), `The code has ${TOTP_DIGITS} digits`);

/** Recovery codes are shown as `abcde-fghij`; typed with any case, spaces or without the dash. */
export const recoveryCodeSchema = z
  .string()
  .transform((value) => value.toLowerCase().replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^[a-z0-9]{10}$/, 'A recovery code has 10 letters and digits'));

export const formatRecoveryCode = (code: string) => `${code.slice(0, 5)}-${code.slice(5)}`;

/** A WebAuthn response as the browser library hands it over; its parts are checked by the server's WebAuthn library. */
const webAuthnResponseSchema = z
  .object({ id: z.string().min(1).max(1024), rawId: z.string().max(1024), type: z.literal('public-key') })
  .loose()
  .refine((value) => JSON.stringify(value).length <= 64 * 1024, 'This passkey answer is too large.');

/** A passkey check answers the challenge it was given. */
export const passkeyAnswerSchema = z.object({ challengeId: z.string().min(8).max(64), response: webAuthnResponseSchema });

/** One way to pass a second factor. */
export const secondFactorAnswerSchema = z.union([
  z.object({ totpCode: totpCodeSchema }),
  z.object({ recoveryCode: recoveryCodeSchema }),
  z.object({ passkey: passkeyAnswerSchema }),
]);
export type SecondFactorAnswer = z.input<typeof secondFactorAnswerSchema>;

/** The second step of a sign-in: the ticket the first step gave, and a second factor. */
export const completeSignInSchema = z.intersection(z.object({ ticket: z.string().min(20).max(64) }), secondFactorAnswerSchema);

/** A sign-in's answer: the signed-in user, or, for an account with a second factor, what the second step needs. */
export const signInResultSchema = z.union([
  currentUserSchema,
  z.object({ secondFactor: z.object({ ticket: z.string(), methods: z.array(z.enum(SECOND_FACTOR_METHODS)) }) }),
]);
export type SignInResult = z.infer<typeof signInResultSchema>;

/** Options for the browser's WebAuthn call, with the challenge's id to answer with. */
export const passkeyOptionsSchema = z.object({ challengeId: z.string(), options: z.record(z.string(), z.unknown()) });
export type PasskeyOptions = z.infer<typeof passkeyOptionsSchema>;

export const passkeyNameSchema = z.string().trim().min(1, 'Name this passkey').max(60, 'A name has at most 60 characters');
export const addPasskeySchema = passkeyAnswerSchema.extend({ name: passkeyNameSchema.optional() });

/** New recovery codes, shown once. */
export const recoveryCodesSchema = z.object({ codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** Whether a check at `verifiedAt` is recent enough at `now` for the actions that ask for a fresh one. */
export const isFreshCheck = (verifiedAt: Date | null, now: Date) =>
  verifiedAt !== null && now.getTime() - verifiedAt.getTime() < STEP_UP_FRESH_MS;
