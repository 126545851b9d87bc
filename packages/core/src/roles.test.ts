import { describe, expect, it } from 'vitest';
import { hasRole, ROLE, rolesFromLabels } from './roles.js';

describe('roles', () => {
  it('makes everyone a member and adds the roles the labels carry, admins first', () => {
    expect(rolesFromLabels([])).toEqual(['members']);
    expect(rolesFromLabels([ROLE.creators])).toEqual(['creators', 'members']);
    expect(rolesFromLabels([ROLE.creators, ROLE.admins])).toEqual(['admins', 'creators', 'members']);
  });

  it('ignores labels that are not roles, and a member label is never stored', () => {
    expect(rolesFromLabels(['members', 'something'])).toEqual(['members']);
    expect(hasRole(['admin'], ROLE.admins)).toBe(false);
    expect(hasRole([ROLE.admins], ROLE.admins)).toBe(true);
  });
});
