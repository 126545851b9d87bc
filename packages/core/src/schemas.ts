import { isAvatarColor } from './colors.js';
import { SIGN_IN_CODE_LENGTH } from './constants.js';
import { z } from './zod-config.js';

export const emailSchema = z
  .string()
  .trim()
  .max(254, 'E-mail address is too long')
  .pipe(z.email('Enter a valid e-mail address'))
  .transform((email) => email.toLowerCase());

export const signInCodeSchema = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${SIGN_IN_CODE_LENGTH}}$`), `The code has ${SIGN_IN_CODE_LENGTH} digits`);

/** Handles: 3-30 of a-z, 0-9, underscore and dot; compared case-insensitively, stored lower-case. */
export const handleSchema = z
  .string()
  .trim()
  .transform((handle) => handle.toLowerCase())
  .pipe(
    z
      .string()
      .min(3, 'A handle has at least 3 characters')
      .max(30, 'A handle has at most 30 characters')
      .regex(/^[a-z0-9_.]+$/, 'Use only letters, digits, underscore and dot'),
  );

export const publicNameSchema = z.string().trim().min(1, 'Enter the name people will see').max(60, 'A name has at most 60 characters');

export const avatarColorSchema = z.string().refine(isAvatarColor, 'Colour must look like hsl(200, 50%, 50%)');

export const setupProfileSchema = z.object({
  handle: handleSchema,
  publicName: publicNameSchema,
  avatarColor: avatarColorSchema.optional(),
});
export type SetupProfileInput = z.input<typeof setupProfileSchema>;

export const acceptTermsSchema = z.object({ version: z.string().min(1) });

/** `botToken`: the bot check's token for the `sign_in` action (reCAPTCHA v3), required when the server has the check on. */
export const requestCodeSchema = z.object({ email: emailSchema, botToken: z.string().min(1).max(4096).optional() });
/** The mailed link's token: base64url of SIGN_IN_LINK_TOKEN_BYTES random bytes. */
export const signInLinkTokenSchema = z
  .string()
  .regex(/^[\w-]{20,64}$/, 'This sign-in link is not complete. Open it again from the e-mail.');
const challengeIdSchema = z.string().min(8).max(64);
/** A sign-in answers its challenge with the code from the e-mail, or with the link's token. */
export const submitCodeSchema = z.union([
  z.object({ challengeId: challengeIdSchema, code: signInCodeSchema }),
  z.object({ challengeId: challengeIdSchema, linkToken: signInLinkTokenSchema }),
]);
export type SubmitCodeInput = z.input<typeof submitCodeSchema>;
