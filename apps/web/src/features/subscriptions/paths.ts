/** Paths of the subscription screens; the subscribe page itself is `postPaths.subscribeTo`. */
export const subscriptionPaths = {
  list: '/subscriptions',
  one: (subId: string) => `/subscriptions/${encodeURIComponent(subId)}`,
  edit: (subId: string) => `/subscriptions/${encodeURIComponent(subId)}/edit`,
} as const;

/** What a link to the subscribe page carries: where to return once subscribed, and the plan to preselect. */
export interface SubscribeLinkState {
  from?: string;
  planId?: string;
}
