import { describe, expect, it } from 'vitest';
import { AppError } from '../http/errors.js';
import { assertOwner } from './ownership.js';

describe('the ownership rule', () => {
  const plan = { id: 'plan-1', creatorId: 'creator' };

  it('lets the creator through', () => {
    expect(assertOwner(plan, 'creator', 'Plan')).toBe(plan);
  });

  it('answers anyone else, and a missing plan, with the same 404', () => {
    const refusals = [() => assertOwner(plan, 'stranger', 'Plan'), () => assertOwner(undefined, 'creator', 'Plan')];
    const bodies = refusals.map((refuse) => {
      try {
        refuse();
      } catch (error) {
        expect(error).toBeInstanceOf(AppError);
        return (error as AppError).toBody();
      }
      throw new Error('expected a refusal');
    });
    expect(bodies[0]).toEqual({ type: 'not_found', message: 'Plan not found.', statusCode: 404 });
    expect(bodies[1]).toEqual(bodies[0]);
  });
});
