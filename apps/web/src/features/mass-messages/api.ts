import type { MassMessage, MassMessageAudience, MassMessageDetails, MassMessageInput, MassMessagesPage } from '@aurum/core';
import { infiniteQueryOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api/client';
import { cursorPaging, pagePath } from '../../lib/api/cursor-list';
import { queryKeys } from '../../lib/query-keys';
import { readAgainIn } from './status';

const MASS_MESSAGES_PATH = '/me/mass-messages';
const messagePath = (massMessageId: string) => `${MASS_MESSAGES_PATH}/${encodeURIComponent(massMessageId)}`;

/** The soonest any of these messages should be read again, or false. */
function soonest(messages: readonly Parameters<typeof readAgainIn>[0][]): number | false {
  const delays = messages.map((message) => readAgainIn(message)).filter((delay): delay is number => delay !== false);
  return delays.length > 0 ? Math.min(...delays) : false;
}

/** The creator's mass messages, newest first; read again while one of them goes out or is about to. */
export const massMessagesQuery = infiniteQueryOptions({
  queryKey: queryKeys.massMessages.list,
  queryFn: ({ pageParam }) => api.get<MassMessagesPage>(pagePath(MASS_MESSAGES_PATH, pageParam)),
  ...cursorPaging,
  refetchInterval: (query) => soonest(query.state.data?.pages.flatMap((page) => page.items) ?? []),
});

/** One mass message with what came of it; read again while it goes out or is about to. */
export const massMessageQuery = (massMessageId: string) =>
  queryOptions({
    queryKey: queryKeys.massMessages.one(massMessageId),
    queryFn: () => api.get<MassMessageDetails>(messagePath(massMessageId)),
    refetchInterval: (query) => (query.state.data ? readAgainIn(query.state.data) : false),
  });

/** A choice of lists as it is sent and kept: the references in one order, comma-separated. */
export const listChoice = (refs: readonly string[]) => [...refs].sort().join(',');

/** How many fans a message to the `include` lists, less the `exclude` ones (each a `listChoice`), would reach now. */
export const audienceQuery = (include: string, exclude: string) =>
  queryOptions({
    queryKey: queryKeys.massMessages.audience(include, exclude),
    queryFn: () => {
      const refs = (choice: string) => choice.split(',').map(encodeURIComponent).join(',');
      return api.get<MassMessageAudience>(
        `${MASS_MESSAGES_PATH}/audience?include=${refs(include)}${exclude ? `&exclude=${refs(exclude)}` : ''}`,
      );
    },
  });

export const createMassMessage = (input: MassMessageInput) => api.post<MassMessage>(MASS_MESSAGES_PATH, input);

export const unsendMassMessage = (massMessageId: string) => api.post<MassMessageDetails>(`${messagePath(massMessageId)}/unsend`);

/** A message written or changed: its page shows it at once, and the list is read again. */
export function keepMassMessage(queryClient: QueryClient, message: MassMessage | MassMessageDetails): void {
  if ('read' in message) queryClient.setQueryData(queryKeys.massMessages.one(message.id), message);
  void queryClient.invalidateQueries({ queryKey: queryKeys.massMessages.list });
}
