/**
 * Checks text a user writes (post text, message text, profile fields), by field name, before it
 * is stored; refuses with an AppError (400 restricted_words, the field and word in details).
 * The moderation domain provides it and app.ts hands it to the domains that store text.
 */
export type TextCheck = (fields: Readonly<Record<string, string | null | undefined>>) => Promise<void>;

/** Where no check is wired (tests of one domain): every text passes. */
export const NO_TEXT_CHECK: TextCheck = async () => {};
