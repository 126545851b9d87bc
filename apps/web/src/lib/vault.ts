import { MEDIA_KINDS, type MediaKind, VAULT_USES, type VaultFolders, type VaultItem, type VaultPage, type VaultUse } from '@aurum/core';
import { infiniteQueryOptions, keepPreviousData, type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from './api/client';
import { cursorPaging, pagePath } from './api/cursor-list';
import { queryKeys } from './query-keys';

/**
 * A creator's vault as several screens share it: their uploads, filtered, and their folders (the
 * vault's own page, and the picker that puts an item into a post or a message). Changes to items
 * and folders are the vault feature's.
 */

export const VAULT_PATH = '/me/vault';
export const VAULT_FOLDERS_PATH = `${VAULT_PATH}/folders`;

/** What the vault is filtered by; an empty value is no filter. */
export interface VaultFilters {
  kind: MediaKind | '';
  use: VaultUse | '';
  folderId: string;
}

export const NO_VAULT_FILTERS: VaultFilters = { kind: '', use: '', folderId: '' };

const oneOf = <T extends string>(values: readonly T[], value: string | null | undefined): T | '' =>
  (values as readonly string[]).includes(value ?? '') ? (value as T) : '';

/** The filters from the address's (or any) values: unknown ones are no filter. */
export function vaultFilters(values: { kind?: string | null; use?: string | null; folderId?: string | null }): VaultFilters {
  return { kind: oneOf(MEDIA_KINDS, values.kind), use: oneOf(VAULT_USES, values.use), folderId: values.folderId ?? '' };
}

/** The creator's items, newest first, as filtered; the last answer stays on screen while another filter loads. */
export const vaultItemsQuery = (filters: VaultFilters) =>
  infiniteQueryOptions({
    queryKey: queryKeys.vault.search({ ...filters }),
    queryFn: ({ pageParam }) =>
      api.get<VaultPage>(pagePath(VAULT_PATH, pageParam, { kind: filters.kind, use: filters.use, folderId: filters.folderId })),
    ...cursorPaging,
    placeholderData: keepPreviousData,
  });

/** The creator's folders, by name, with how many items each holds. */
export const vaultFoldersQuery = () =>
  queryOptions({
    queryKey: queryKeys.vault.folders,
    queryFn: () => api.get<VaultFolders>(VAULT_FOLDERS_PATH),
  });

/** After the vault changed: every list of items and the folders' counts read again. */
export function refreshVault(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.vault.all });
}

const KIND_NAMES: Record<MediaKind, string> = { image: 'Photo', video: 'Video', audio: 'Audio' };

/** Photos, Videos, Audio: the kind filter's words. */
export const VAULT_KIND_LABELS: Record<MediaKind, string> = { image: 'Photos', video: 'Videos', audio: 'Audio' };

/** An item's name: the file's name as uploaded, else its kind. */
export const vaultItemName = (item: Pick<VaultItem, 'originalName' | 'kind'>): string => item.originalName?.trim() || KIND_NAMES[item.kind];

/** "Photo", "Video", "Audio". */
export const mediaKindName = (kind: MediaKind): string => KIND_NAMES[kind];

/** A running time as players show it: "0:07", "3:25", "1:02:03". */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** How many places show the item: each post, message and mass message, and the profile. */
export const placesUsed = (item: Pick<VaultItem, 'uses'>): number =>
  item.uses.posts + item.uses.messages + item.uses.massMessages + (item.uses.profile ? 1 : 0);

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** Where the item is used, in words ("2 posts, 1 message and your profile"), or null when nowhere. */
export function usesText(item: Pick<VaultItem, 'uses'>): string | null {
  const { posts, messages, massMessages, profile } = item.uses;
  const parts = [
    posts > 0 ? counted(posts, 'post', 'posts') : null,
    messages > 0 ? counted(messages, 'message', 'messages') : null,
    massMessages > 0 ? counted(massMessages, 'mass message', 'mass messages') : null,
    profile ? 'your profile' : null,
  ].filter((part): part is string => part !== null);
  if (parts.length === 0) return null;
  return parts.length === 1 ? (parts[0] ?? null) : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}
