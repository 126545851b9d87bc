/** Business constants from the product specification (section 9). */
export const DAY_MS = 24 * 60 * 60 * 1000;
export const SUBSCRIPTION_PERIOD_DAYS = 30;
export const ONLINE_HEARTBEAT_MS = 5 * 60 * 1000;
export const REGISTRATION_BACKDATE_MS = 60 * 1000;
export const SEEN_DEFAULT_DURATION_MS = 1000;
export const SEEN_RECORDS_LIMIT = 500;
export const USER_LIST_PAGE_SIZE = 25;
export const UPLOAD_CHUNK_BYTES = 5 * 1024 * 1024;
export const BREAKPOINTS = { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920, xxl: 2560 } as const;

/** Sign-in codes. */
export const SIGN_IN_CODE_LENGTH = 6;
export const SIGN_IN_CODE_TTL_MS = 15 * 60 * 1000;
export const SIGN_IN_CODE_MAX_ATTEMPTS = 5;

/** The version of the terms of service a user accepts during registration. */
export const TERMS_VERSION = '2026-11-01';
