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
import { cursorPaging, pagePath } from '../../lib/api/cursor-list';
import { queryKeys } from '../../lib/query-keys';

/** Where a side reads and writes a ticket: the author's routes, or the admin's. */
export type SupportSide = 'author' | 'admin';

const ticketPath = (side: SupportSide, ticketId: string) =>
  `${side === 'admin' ? '/admin/support/tickets' : '/support/tickets'}/${encodeURIComponent(ticketId)}`;

export const myTicketsQuery = infiniteQueryOptions({
  queryKey: queryKeys.support.mine,
  queryFn: ({ pageParam }) => api.get<SupportTicketsPage>(pagePath('/support/tickets', pageParam)),
  ...cursorPaging,
});

/** A ticket and its thread, oldest message first; each later page carries the ticket again. */
export const ticketQuery = (side: SupportSide, ticketId: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.support.ticket(side, ticketId),
    queryFn: ({ pageParam }) => api.get<SupportThread | AdminSupportThread>(pagePath(ticketPath(side, ticketId), pageParam)),
    ...cursorPaging,
    getNextPageParam: (page) => page.messages.nextCursor,
  });

export const queueQuery = (status: SupportQueueFilter) =>
  infiniteQueryOptions({
    queryKey: queryKeys.support.queue(status),
    queryFn: ({ pageParam }) => api.get<AdminSupportTicketsPage>(pagePath('/admin/support/tickets', pageParam, { status })),
    ...cursorPaging,
  });

export const openTicket = (input: CreateSupportTicketInput) => api.post<SupportThread>('/support/tickets', input);

export const writeMessage = (side: SupportSide, ticketId: string, input: SupportReplyInput) =>
  api.post<{ ticket: SupportTicket; message: SupportMessage | null }>(`${ticketPath(side, ticketId)}/messages`, input);

export const changeStatus = (side: SupportSide, ticketId: string, action: 'close' | 'reopen') =>
  api.post<SupportTicket>(`${ticketPath(side, ticketId)}/${action}`, {});
