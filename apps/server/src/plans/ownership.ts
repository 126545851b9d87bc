import { errors } from '../http/errors.js';

/**
 * The ownership rule for what creators make (plans, posts): only the creator may change it,
 * and to anyone else it answers "not found", so refusals do not reveal that it exists.
 */
export function assertOwner<T extends { creatorId: string }>(row: T | undefined, userId: string, what: string): T {
  if (!row || row.creatorId !== userId) throw errors.notFound(what);
  return row;
}
