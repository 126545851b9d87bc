import { ROLE } from '@aurum/core';
import { describe, expect, it } from 'vitest';
import { AppError } from '../http/errors.js';
import { type AccessDecision, type Actor, accessDecision, type Permission, requireAccess } from './require-access.js';

const OWNER = 'owner-1';
const actors = {
  owner: { userId: OWNER, labels: [] },
  'owner, a creator': { userId: OWNER, labels: [ROLE.creators] },
  stranger: { userId: 'stranger-1', labels: [] },
  'another creator': { userId: 'stranger-1', labels: [ROLE.creators] },
  admin: { userId: 'admin-1', labels: [ROLE.admins] },
} satisfies Record<string, Actor>;
type ActorName = keyof typeof actors;

/** Every permission's answer to every actor, written out: a change to a rule shows up here. */
const expected: Record<Permission, Record<ActorName, AccessDecision>> = {
  'plan.manage': {
    owner: 'allowed',
    'owner, a creator': 'allowed',
    stranger: 'not_found',
    'another creator': 'not_found',
    admin: 'not_found',
  },
  'post.manage': {
    owner: 'allowed',
    'owner, a creator': 'allowed',
    stranger: 'not_found',
    'another creator': 'not_found',
    admin: 'not_found',
  },
  'offer.manage': {
    owner: 'allowed',
    'owner, a creator': 'allowed',
    stranger: 'not_found',
    'another creator': 'not_found',
    admin: 'not_found',
  },
  'trial_link.manage': {
    owner: 'allowed',
    'owner, a creator': 'allowed',
    stranger: 'not_found',
    'another creator': 'not_found',
    admin: 'not_found',
  },
  'media.manage': {
    owner: 'allowed',
    'owner, a creator': 'allowed',
    stranger: 'not_found',
    'another creator': 'not_found',
    admin: 'not_found',
  },
  'creator.followers.read': {
    owner: 'allowed',
    'owner, a creator': 'allowed',
    stranger: 'forbidden',
    'another creator': 'forbidden',
    admin: 'forbidden',
  },
  'creator.insights.read': {
    owner: 'creator_required',
    'owner, a creator': 'allowed',
    stranger: 'forbidden',
    'another creator': 'forbidden',
    admin: 'allowed',
  },
};

describe('accessDecision', () => {
  for (const [permission, byActor] of Object.entries(expected) as [Permission, Record<ActorName, AccessDecision>][]) {
    for (const [name, decision] of Object.entries(byActor) as [ActorName, AccessDecision][]) {
      it(`${permission}: ${name} is ${decision}`, () => {
        expect(accessDecision(actors[name], permission, { creatorId: OWNER })).toBe(decision);
        expect(accessDecision(actors[name], permission, { ownerId: OWNER })).toBe(decision);
      });
    }
    it(`${permission}: a missing thing is not found, even to its would-be owner and to admins`, () => {
      for (const actor of Object.values(actors)) expect(accessDecision(actor, permission, undefined)).toBe('not_found');
    });
  }
});

describe('requireAccess', () => {
  const refusal = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      return (error as AppError).toBody();
    }
    throw new Error('expected a refusal');
  };

  it('hands back the thing when allowed', () => {
    const plan = { id: 'plan-1', creatorId: OWNER };
    expect(requireAccess(actors.owner, 'plan.manage', plan)).toBe(plan);
  });

  it('answers a hidden thing and a missing one with the same 404', () => {
    const hidden = refusal(() => requireAccess(actors.stranger, 'post.manage', { creatorId: OWNER }));
    expect(hidden).toEqual({ type: 'not_found', message: 'Post not found.', statusCode: 404 });
    expect(refusal(() => requireAccess(actors.owner, 'post.manage', undefined))).toEqual(hidden);
  });

  it('answers 403 for what is public, naming the reason', () => {
    expect(refusal(() => requireAccess(actors.stranger, 'creator.insights.read', { creatorId: OWNER }))).toMatchObject({
      type: 'forbidden',
      statusCode: 403,
    });
    expect(refusal(() => requireAccess(actors.owner, 'creator.insights.read', { creatorId: OWNER }))).toMatchObject({
      type: 'creator_required',
      statusCode: 403,
    });
  });
});
