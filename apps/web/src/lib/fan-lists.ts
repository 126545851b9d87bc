import {
  ENDED_DAYS_DEFAULT,
  type FanDetails,
  type FanListInput,
  type FanListSummary,
  type FanLists,
  type FanNoteInput,
  formatFanListRef,
} from '@aurum/core';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest, isApiError } from './api/client';
import { queryKeys } from './query-keys';

/**
 * A creator's fan lists as several screens share them: the lists with their counts, one fan's
 * note and the creator's own lists that hold them, and the changes to those (the lists' own
 * pages are the fan-lists feature's).
 */

const segment = encodeURIComponent;
export const FAN_LISTS_PATH = '/me/fan-lists';
const fanPath = (userId: string) => `/me/fans/${segment(userId)}`;
const membershipPath = (listId: string, userId: string) => `${FAN_LISTS_PATH}/${segment(listId)}/members/${segment(userId)}`;

/** The creator's lists, built-in first, each with how many fans are on it; the ended list looks back `days` days. */
export const fanListsQuery = (days: number = ENDED_DAYS_DEFAULT) =>
  queryOptions({
    queryKey: queryKeys.fanLists.summary(days),
    queryFn: () => api.get<FanLists>(`${FAN_LISTS_PATH}?days=${days}`),
  });

/** The creator's own lists among them, the ones a fan is added to by hand. */
export const ownFanLists = (lists: FanLists): (FanListSummary & { listId: string })[] =>
  lists.lists.filter((list): list is FanListSummary & { listId: string } => list.kind === 'custom' && list.listId !== null);

/** What the creator keeps about one fan; 404 when the person is not their fan. */
export const fanDetailsQuery = (userId: string) =>
  queryOptions({
    queryKey: queryKeys.fanLists.fan(userId),
    queryFn: () => api.get<FanDetails>(`${fanPath(userId)}/details`),
    staleTime: 30_000,
  });

/** After a list's members changed: the counts, and that list's members, read again. */
export function refreshFanList(queryClient: QueryClient, ref: string): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.fanLists.summaries });
  void queryClient.invalidateQueries({ queryKey: queryKeys.fanLists.membersOf(ref) });
}

/** Adding a fan to one of the creator's own lists (`member: true`) or taking them off it. */
export interface MembershipChange {
  listId: string;
  member: boolean;
}

const membershipKey = (userId: string) => ['fanListMembership', userId] as const;

/** The lists whose change for this fan is on its way (a checkbox waits for it). */
export const pendingMembershipFilter = (userId: string) => ({ mutationKey: membershipKey(userId), status: 'pending' as const });

function setListed(queryClient: QueryClient, userId: string, { listId, member }: MembershipChange): void {
  queryClient.setQueryData<FanDetails>(queryKeys.fanLists.fan(userId), (details) =>
    details
      ? { ...details, listIds: member ? [...new Set([...details.listIds, listId])] : details.listIds.filter((id) => id !== listId) }
      : details,
  );
}

/**
 * Adds a fan to one of the creator's lists or removes them, at once: the fan's lists show the
 * change before the server answers and go back if it refuses (the caller says how). Adding twice
 * or removing someone not on the list changes nothing.
 */
export function useFanListMembership(userId: string, onRefused: (error: Error) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: membershipKey(userId),
    mutationFn: ({ listId, member }: MembershipChange) => apiRequest<void>(member ? 'PUT' : 'DELETE', membershipPath(listId, userId)),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.fanLists.fan(userId) });
      setListed(queryClient, userId, change);
    },
    onError: (error, change) => {
      setListed(queryClient, userId, { ...change, member: !change.member });
      onRefused(error);
    },
    onSettled: (_answer, _error, { listId }) => refreshFanList(queryClient, formatFanListRef({ kind: 'custom', listId })),
  });
}

/** Saves the creator's note about a fan (an empty one removes it); every list shows the new note's first line. */
export function useSaveFanNote(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FanNoteInput) => apiRequest<FanDetails>('PUT', `${fanPath(userId)}/note`, input),
    onSuccess: (details) => {
      queryClient.setQueryData(queryKeys.fanLists.fan(userId), details);
      void queryClient.invalidateQueries({ queryKey: queryKeys.fanLists.members });
    },
  });
}

/** Makes one of the creator's own lists; it shows at once at the end of every answer of the lists already kept. */
export function useCreateFanList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FanListInput) => api.post<FanListSummary>(FAN_LISTS_PATH, input),
    onSuccess: (list) => {
      queryClient.setQueriesData<FanLists>({ queryKey: queryKeys.fanLists.summaries }, (lists) =>
        lists && !lists.lists.some((kept) => kept.ref === list.ref) ? { lists: [...lists.lists, list] } : lists,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.fanLists.summaries });
    },
  });
}

/**
 * Why the server refused a list's name, to show in the name's field: another list has it, the
 * creator keeps as many lists as they may, or the name is not one; null for other failures.
 */
export function listNameRefusal(error: unknown): string | null {
  if (isApiError(error, 'fan_list_name_taken') || isApiError(error, 'fan_list_limit')) return error.message;
  if (isApiError(error, 'validation_failed')) return error.details?.[0]?.message ?? error.message;
  return null;
}
