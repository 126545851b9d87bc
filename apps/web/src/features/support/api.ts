import type {
  AdminSupportThread,
  AdminSupportTicketsPage,
  CreateSupportTicketInput,
  SupportMessage,
  SupportQueueFilter,
  SupportReplyInput,
  SupportThread,
  SupportTicket,
  SupportTicketsPage,
} from '@aurum/core';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api/client';
import { pagePath } from '../../lib/api/page-path';
import { queryKeys } from '../../lib/query-keys';

/** Where a side reads and writes a ticket: the author's routes, or the admin's. */
export type SupportSide = 'author' | 'admin';

const ticketPath = (side: SupportSide, ticketId: string) =>
  `${side === 'admin' ? '/admin/support/tickets' : '/support/tickets'}/${encodeURIComponent(ticketId)}`;

export const myTicketsQuery = infiniteQueryOptions({
  queryKey: queryKeys.support.mine,
  queryFn: ({ pageParam }) => api.get<SupportTicketsPage>(pagePath('/support/tickets', pageParam)),
  initialPageParam: null as string | null,
  getNextPageParam: (page) => page.nextCursor,
});

/** A ticket and its thread, oldest message first; each later page carries the ticket again. */
export const ticketQuery = (side: SupportSide, ticketId: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.support.ticket(side, ticketId),
    queryFn: ({ pageParam }) => api.get<SupportThread | AdminSupportThread>(pagePath(ticketPath(side, ticketId), pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.messages.nextCursor,
  });

export const queueQuery = (status: SupportQueueFilter) =>
  infiniteQueryOptions({
    queryKey: queryKeys.support.queue(status),
    queryFn: ({ pageParam }) =>
      api.get<AdminSupportTicketsPage>(
        `/admin/support/tickets?status=${status}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export const openTicket = (input: CreateSupportTicketInput) => api.post<SupportThread>('/support/tickets', input);

export const writeMessage = (side: SupportSide, ticketId: string, input: SupportReplyInput) =>
  api.post<{ ticket: SupportTicket; message: SupportMessage | null }>(`${ticketPath(side, ticketId)}/messages`, input);

export const changeStatus = (side: SupportSide, ticketId: string, action: 'close' | 'reopen') =>
  api.post<SupportTicket>(`${ticketPath(side, ticketId)}/${action}`, {});
