import type { Tip, TipRequest, TipSettings } from '@aurum/core';
import { queryOptions } from '@tanstack/react-query';
import { api, apiRequest } from './api/client';
import { queryKeys } from './query-keys';

/** Whether, in which currency and from what amount this creator takes tips. */
export const tipSettingsQuery = (creatorId: string) =>
  queryOptions({
    queryKey: queryKeys.tipSettings(creatorId),
    queryFn: () => api.get<TipSettings>(`/creators/${encodeURIComponent(creatorId)}/tip-settings`),
  });

export const giveTip = (creatorId: string, tip: TipRequest) => api.post<Tip>(`/creators/${encodeURIComponent(creatorId)}/tips`, tip);

export const saveTipSettings = (settings: TipSettings) => apiRequest<TipSettings>('PUT', '/me/tip-settings', settings);
