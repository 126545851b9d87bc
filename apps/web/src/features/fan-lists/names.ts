import { ENDED_DAYS_DEFAULT, type FanListMember, type FanListSummary, formatMoney, TOP_SPENDERS_SIZE } from '@aurum/core';
import { formatDate } from '../../lib/dates';

/** The days the ended list can look back over, offered to choose from. */
export const ENDED_DAYS_CHOICES = [7, 30, 90, 365] as const;

type Kind = FanListSummary['kind'];
type Named = Pick<FanListSummary, 'kind' | 'name' | 'days'>;

/** What puts a fan on a list, as its empty state and its page's introduction say it. */
export function fanListPurpose(list: Named): string {
  switch (list.kind) {
    case 'subscribers':
      return 'Fans with a subscription to any of your plans, the newest first.';
    case 'never_subscribed':
      return 'Fans who follow you but have never subscribed: the ones an offer might win.';
    case 'top_spenders':
      return `The ${TOP_SPENDERS_SIZE} fans who paid you most, refunds taken off.`;
    case 'tippers':
      return 'Fans who tipped you, the latest tip first.';
    case 'ended':
      return `Fans whose subscription ended in the last ${list.days ?? ENDED_DAYS_DEFAULT} days and who hold none now.`;
    case 'plan':
      return `Fans with a subscription to ${list.name ?? 'this plan'}.`;
    case 'custom':
      return 'Your own list. Add fans with Lists and note on their row in People, on their profile or in your chat with them.';
  }
}

const SINCE_WORDS: Record<Kind, string> = {
  subscribers: 'Subscribed',
  plan: 'Subscribed',
  never_subscribed: 'Followed',
  top_spenders: 'First paid',
  tippers: 'Last tipped',
  ended: 'Ended',
  custom: 'Added',
};

/** What a member's `since` means on this list: "Subscribed Mar 3, 2026", "Last tipped …". */
export const sinceText = (kind: Kind, since: string) => `${SINCE_WORDS[kind]} ${formatDate(since)}`;

/** "Spent $120.00", for top spenders. */
export const spentText = (member: Pick<FanListMember, 'spent'>) => (member.spent ? `Spent ${formatMoney(member.spent)}` : null);

/** A note's first line with words on it, or null. */
export function firstLine(note: string | null): string | null {
  return (
    note
      ?.split('\n')
      .map((line) => line.trim())
      .find(Boolean) ?? null
  );
}
