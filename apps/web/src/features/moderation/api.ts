import type { ModerationActionInput, ReportedContent, ReportedTargetsPage, RestrictedWords } from '@aurum/core';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api, apiRequest } from '../../lib/api/client';
import { cursorPaging, pagePath } from '../../lib/api/cursor-list';
import { queryKeys } from '../../lib/query-keys';

const contentPath = (contentId: string) => `/admin/reported-content/${encodeURIComponent(contentId)}`;

export const reportQueueQuery = infiniteQueryOptions({
  queryKey: queryKeys.moderation.queue,
  queryFn: ({ pageParam }) => api.get<ReportedTargetsPage>(pagePath('/admin/reported-content', pageParam)),
  ...cursorPaging,
});

export const reportedContentQuery = (contentId: string) =>
  queryOptions({
    queryKey: queryKeys.moderation.content(contentId),
    queryFn: () => api.get<ReportedContent>(contentPath(contentId)),
  });

export const decide = (contentId: string, input: ModerationActionInput) =>
  api.post<{ action: ModerationActionInput['action']; resolvedReports: number }>(`${contentPath(contentId)}/actions`, input);

export const restrictedWordsQuery = queryOptions({
  queryKey: queryKeys.moderation.restrictedWords,
  queryFn: () => api.get<RestrictedWords>('/admin/restricted-words'),
});

export const saveRestrictedWords = (words: string[]) => apiRequest<RestrictedWords>('PUT', '/admin/restricted-words', { words });
