import type { VaultFolder, VaultItem, VaultPage } from '@aurum/core';

/** Vault items and folders as the API sends them to their owner, for tests. */

export function makeVaultItem(overrides: Partial<VaultItem> & Pick<VaultItem, 'id'>): VaultItem {
  const { id } = overrides;
  return {
    kind: 'image',
    status: 'ready',
    width: 1280,
    height: 960,
    durationMs: null,
    placeholder: null,
    urls: { thumb: `/api/me/vault/${id}/thumb`, blurThumb: `/api/me/vault/${id}/blurThumb`, playable: `/api/me/vault/${id}/playable` },
    mime: 'image/jpeg',
    sizeBytes: 2_400_000,
    originalName: `${id}.jpg`,
    createdAt: '2026-11-20T10:00:00.000Z',
    uses: { posts: 0, messages: 0, massMessages: 0, profile: false },
    folderIds: [],
    ...overrides,
  };
}

export function makeVaultFolder(overrides: Partial<VaultFolder> & Pick<VaultFolder, 'id' | 'name'>): VaultFolder {
  return { count: 0, createdAt: '2026-11-01T10:00:00.000Z', ...overrides };
}

export const vaultPage = (items: VaultItem[], nextCursor: string | null = null): VaultPage => ({ items, nextCursor });
