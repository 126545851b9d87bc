import type { FanListSummary } from '@aurum/core';
import { describe, expect, it } from 'vitest';
import { fanCount, fanListRefName } from './fan-list-names';

const list = (overrides: Partial<FanListSummary> & Pick<FanListSummary, 'ref' | 'kind'>): FanListSummary => ({
  name: null,
  count: 0,
  days: null,
  listId: null,
  ...overrides,
});

describe('a fan list named by its reference', () => {
  const lists = [
    list({ ref: 'plan:p1', kind: 'plan', name: 'Gold' }),
    list({ ref: 'list:l1', kind: 'custom', name: 'Regulars', listId: 'l1' }),
  ];

  it('names built-in lists, any ended window, and plans and own lists from the creator’s lists', () => {
    expect(fanListRefName('subscribers', lists)).toBe('All subscribers');
    expect(fanListRefName('tippers', undefined)).toBe('Tippers');
    expect(fanListRefName('ended:7', lists)).toBe('Subscription ended in the last 7 days');
    expect(fanListRefName('ended:1', lists)).toBe('Subscription ended in the last day');
    expect(fanListRefName('plan:p1', lists)).toBe('Subscribers of Gold');
    expect(fanListRefName('list:l1', lists)).toBe('Regulars');
  });

  it('says what it can of a list no longer among them, or not yet loaded', () => {
    expect(fanListRefName('list:l2', lists)).toBe('A deleted list');
    expect(fanListRefName('plan:p2', lists)).toBe('Subscribers of a plan no longer offered');
    expect(fanListRefName('list:l1', undefined)).toBe('One of your lists');
    expect(fanListRefName('nonsense:1:2', lists)).toBe('An unknown list');
  });

  it('counts fans', () => {
    expect(fanCount(1)).toBe('1 fan');
    expect(fanCount(1250)).toBe('1,250 fans');
  });
});
