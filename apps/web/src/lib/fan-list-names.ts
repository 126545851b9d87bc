import { ENDED_DAYS_DEFAULT, type FanListSummary, fanListRefSchema } from '@aurum/core';

/**
 * The names of a creator's fan lists as the creator reads them, wherever a list is shown: its
 * own pages, and what a mass message is sent to.
 */

type Named = Pick<FanListSummary, 'kind' | 'name' | 'days'>;

const endedName = (days: number | null) =>
  days === 1 ? 'Subscription ended in the last day' : `Subscription ended in the last ${days ?? ENDED_DAYS_DEFAULT} days`;

/** A list's name: built-in lists are named here, plans and the creator's own lists by their names. */
export function fanListName(list: Named): string {
  switch (list.kind) {
    case 'subscribers':
      return 'All subscribers';
    case 'never_subscribed':
      return 'Followers who never subscribed';
    case 'top_spenders':
      return 'Top spenders';
    case 'tippers':
      return 'Tippers';
    case 'ended':
      return endedName(list.days);
    case 'plan':
      return `Subscribers of ${list.name ?? 'a plan'}`;
    case 'custom':
      return list.name ?? 'Untitled list';
  }
}

/**
 * A list named by its reference (`subscribers`, `ended:7`, `plan:<id>`, `list:<id>`), with the
 * creator's lists to find a plan's or their own list's name in (one no longer among them was deleted,
 * or its plan is no longer offered).
 */
export function fanListRefName(ref: string, lists: readonly FanListSummary[] | undefined): string {
  const known = lists?.find((list) => list.ref === ref);
  if (known) return fanListName(known);
  const parsed = fanListRefSchema.safeParse(ref);
  if (!parsed.success) return 'An unknown list';
  switch (parsed.data.kind) {
    case 'ended':
      return endedName(parsed.data.days);
    case 'plan':
      // The lists hold one per active plan.
      return lists ? 'Subscribers of a plan no longer offered' : 'Subscribers of a plan';
    case 'custom':
      return lists ? 'A deleted list' : 'One of your lists';
    default:
      return fanListName({ kind: parsed.data.kind, name: null, days: null });
  }
}

/** "1 fan", "12 fans". */
export const fanCount = (count: number) => (count === 1 ? '1 fan' : `${count.toLocaleString('en-US')} fans`);
