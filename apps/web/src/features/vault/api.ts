import type { VaultFolder, VaultFolders, VaultItem, VaultPage } from '@aurum/core';
import { type InfiniteData, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest, isApiError } from '../../lib/api/client';
import { queryKeys } from '../../lib/query-keys';
import { refreshVault, VAULT_FOLDERS_PATH, VAULT_PATH } from '../../lib/vault';

/** The vault's changes: folders made, renamed and deleted, items filed in them, items deleted. */

const segment = encodeURIComponent;
const folderPath = (folderId: string) => `${VAULT_FOLDERS_PATH}/${segment(folderId)}`;

/** Every kept page of every filtered list, each item changed by `change` (null drops it). */
function changeItems(queryClient: QueryClient, change: (item: VaultItem) => VaultItem | null): void {
  queryClient.setQueriesData<InfiniteData<VaultPage>>({ queryKey: queryKeys.vault.items }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.flatMap((item) => {
              const changed = change(item);
              return changed ? [changed] : [];
            }),
          })),
        }
      : data,
  );
}

/** Why the server refused a folder's name (taken, too many folders, not a name), for the name's field; null for other failures. */
export function folderNameRefusal(error: unknown): string | null {
  if (isApiError(error, 'vault_folder_name_taken') || isApiError(error, 'vault_folder_limit')) return error.message;
  if (isApiError(error, 'validation_failed')) return error.details?.[0]?.message ?? error.message;
  return null;
}

export function useCreateFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string }) => api.post<VaultFolder>(VAULT_FOLDERS_PATH, input),
    onSuccess: (folder) => {
      queryClient.setQueryData<VaultFolders>(queryKeys.vault.folders, (kept) =>
        kept && !kept.folders.some((other) => other.id === folder.id) ? { folders: [...kept.folders, folder] } : kept,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.vault.folders });
    },
  });
}

export function useRenameFolder(folderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string }) => apiRequest<VaultFolder>('PATCH', folderPath(folderId), input),
    onSuccess: (renamed) => {
      queryClient.setQueryData<VaultFolders>(queryKeys.vault.folders, (kept) =>
        kept ? { folders: kept.folders.map((folder) => (folder.id === renamed.id ? renamed : folder)) } : kept,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.vault.folders });
    },
  });
}

/** Deletes a folder; its items stay in the vault, in no folder of that name. */
export function useDeleteFolder(folderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<void>('DELETE', folderPath(folderId)),
    onSuccess: () => {
      queryClient.setQueryData<VaultFolders>(queryKeys.vault.folders, (kept) =>
        kept ? { folders: kept.folders.filter((folder) => folder.id !== folderId) } : kept,
      );
      changeItems(queryClient, (item) =>
        item.folderIds.includes(folderId) ? { ...item, folderIds: item.folderIds.filter((id) => id !== folderId) } : item,
      );
      refreshVault(queryClient);
    },
  });
}

/** Putting an item in one of the folders (`filed: true`) or taking it out. */
export interface FolderChange {
  folderId: string;
  filed: boolean;
}

const folderChangeKey = (mediaId: string) => ['vaultFolderItem', mediaId] as const;

/** The folder changes of one item on their way (a checkbox waits for its own). */
export const pendingFolderChanges = (mediaId: string) => ({ mutationKey: folderChangeKey(mediaId), status: 'pending' as const });

/**
 * Files one item in a folder or takes it out, shown at once in every list (and undone there if
 * the server refuses: the caller says how). The folders' counts and the lists read again after.
 */
export function useFileInFolder(mediaId: string, onRefused: (error: Error, change: FolderChange) => void) {
  const queryClient = useQueryClient();
  const setFiled = ({ folderId, filed }: FolderChange) =>
    changeItems(queryClient, (item) =>
      item.id === mediaId
        ? { ...item, folderIds: filed ? [...new Set([...item.folderIds, folderId])] : item.folderIds.filter((id) => id !== folderId) }
        : item,
    );
  return useMutation({
    mutationKey: folderChangeKey(mediaId),
    mutationFn: ({ folderId, filed }: FolderChange) =>
      apiRequest<void>(filed ? 'PUT' : 'DELETE', `${folderPath(folderId)}/items/${segment(mediaId)}`),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.vault.items });
      setFiled(change);
    },
    onError: (error, change) => {
      setFiled({ ...change, filed: !change.filed });
      onRefused(error, change);
    },
    onSettled: () => refreshVault(queryClient),
  });
}

/**
 * Deletes an item: one nothing uses as it is, one that is used only `everywhere` (it leaves
 * every post, message and mass message). After it, the vault, the storage used and what showed
 * it (posts, the feed, profiles, chats) read again.
 */
export function useDeleteVaultItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ mediaId, everywhere }: { mediaId: string; everywhere: boolean }) =>
      apiRequest<void>('DELETE', `${VAULT_PATH}/${segment(mediaId)}${everywhere ? '?everywhere=true' : ''}`),
    onSuccess: (_answer, { mediaId, everywhere }) => {
      changeItems(queryClient, (item) => (item.id === mediaId ? null : item));
      refreshVault(queryClient);
      void queryClient.invalidateQueries({ queryKey: queryKeys.mediaUsage });
      if (!everywhere) return;
      for (const queryKey of [queryKeys.post.all, queryKeys.posts.all, queryKeys.feed, queryKeys.profilePage.all, queryKeys.chats.all]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}
