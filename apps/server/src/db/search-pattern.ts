/**
 * The `ilike` pattern for "contains this text", with `%`, `_` and `\` meant literally (they
 * are wildcards to `like`), or null for an empty search. A leading `@` of a handle is dropped.
 */
export function containsPattern(search: string | undefined): string | null {
  const text = search?.replace(/^@/, '').trim();
  return text ? `%${text.replace(/[\\%_]/g, '\\$&')}%` : null;
}
