/**
 * Roles (spec section 3): everyone is a member; admins and creators are labels on the
 * account, which only the server writes. Every check of a label names it from here.
 */
export const ROLE = { admins: 'admins', creators: 'creators', members: 'members' } as const;

export const ROLES = [ROLE.admins, ROLE.creators, ROLE.members] as const;
export type Role = (typeof ROLES)[number];

/** The roles an account carries as labels; `members` is everyone's and never stored. */
export type RoleLabel = typeof ROLE.admins | typeof ROLE.creators;

export const hasRole = (labels: readonly string[], role: RoleLabel): boolean => labels.includes(role);

/** Everyone is a member; admins and creators are labels on the account. */
export function rolesFromLabels(labels: readonly string[]): Role[] {
  const roles: Role[] = [];
  if (hasRole(labels, ROLE.admins)) roles.push(ROLE.admins);
  if (hasRole(labels, ROLE.creators)) roles.push(ROLE.creators);
  roles.push(ROLE.members);
  return roles;
}
