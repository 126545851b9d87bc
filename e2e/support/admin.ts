/** The addresses the journeys' server makes admins (ADMIN_EMAILS): one per project, so each signs up afresh. */
export const ADMIN_EMAILS = ['admin-phone@example.com', 'admin-desktop@example.com'];
export const adminEmailFor = (project: string) => `admin-${project}@example.com`;
