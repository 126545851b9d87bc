/** The journeys that need an admin, each signing up its own per viewport project. */
const ADMIN_JOURNEYS = [
  'admin',
  'moderation',
  'people',
  'support',
  'refunds',
  'payouts',
  'payout-retries',
  'disputes',
  'two-step',
  'walk',
] as const;
const PROJECTS = ['phone', 'desktop'];

/** The address a journey's admin signs up with in a project. */
export const adminEmailFor = (journey: (typeof ADMIN_JOURNEYS)[number], project: string) => `${journey}-admin-${project}@example.com`;

/** Every address the journeys' server makes admins (ADMIN_EMAILS). */
export const ADMIN_EMAILS = ADMIN_JOURNEYS.flatMap((journey) => PROJECTS.map((project) => adminEmailFor(journey, project)));
