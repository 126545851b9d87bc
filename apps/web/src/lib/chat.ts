import type { ChatSummary, CurrentUser, ProfilePage } from '@aurum/core';
import { api } from './api/client';

/** Opens the chat with `partnerId`: the one they have, or a new one (the server decides whether they may). */
export const startChat = (partnerId: string) => api.post<ChatSummary>('/chats', { partnerId });

/** Whether the viewer's subscription to this creator, running now, is to a plan that includes chat. */
export function subscribesWithChat(
  viewer: Pick<CurrentUser, 'subscriptions'> | null,
  profile: Pick<ProfilePage, 'userId' | 'plans'>,
  now = Date.now(),
): boolean {
  const withChat = new Set(profile.plans.filter((plan) => plan.perks.chat).map((plan) => plan.id));
  return (viewer?.subscriptions ?? []).some(
    (subscription) =>
      subscription.creatorId === profile.userId && withChat.has(subscription.planId) && Date.parse(subscription.validUntil) > now,
  );
}
