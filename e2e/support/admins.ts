/** Addresses the journeys' server makes admins (ADMIN_EMAILS), one per viewport project, so each run signs up its own. */
export const ADMIN_JOURNEY_EMAILS = ['moderation-admin-phone@example.com', 'moderation-admin-desktop@example.com'];

export const adminEmailFor = (project: string) => `moderation-admin-${project}@example.com`;
