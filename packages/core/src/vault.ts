import { MEDIA_KINDS } from './media.js';
import { entityIdSchema, pageCursorSchema, postMediaSchema } from './posts.js';
import { z } from './zod-config.js';

/**
 * A creator's vault: every item they uploaded, with where each is used, filtered by kind, use
 * and folder. Any item can go into a post or a message by its id, without uploading again.
 */

export const VAULT_PAGE_SIZE = 40;
export const VAULT_PAGE_MAX = 100;
export const VAULT_FOLDER_NAME_MAX = 40;
export const VAULT_FOLDERS_MAX = 200;

/** Where an item is used: in posts, one-to-one messages, mass messages, or nowhere. */
export const VAULT_USES = ['posts', 'messages', 'mass_messages', 'unused'] as const;
export type VaultUse = (typeof VAULT_USES)[number];

export const vaultQuerySchema = z.object({
  kind: z.enum(MEDIA_KINDS).optional(),
  use: z.enum(VAULT_USES).optional(),
  folderId: entityIdSchema.optional(),
  cursor: pageCursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(VAULT_PAGE_MAX).default(VAULT_PAGE_SIZE),
});
export type VaultQuery = z.input<typeof vaultQuerySchema>;

const isoTime = z.iso.datetime({ offset: true });

/** One item as its owner sees it: every derivative, its size and name, and how often it is used where. */
export const vaultItemSchema = postMediaSchema.omit({ position: true }).extend({
  id: entityIdSchema,
  mime: z.string(),
  sizeBytes: z.number().int(),
  originalName: z.string().nullable(),
  createdAt: isoTime,
  uses: z.object({
    /** Live posts showing it. */
    posts: z.number().int(),
    /** One-to-one messages carrying it (not taken back). */
    messages: z.number().int(),
    /** Mass messages carrying it (each with its copies). */
    massMessages: z.number().int(),
    /** It is the owner's profile picture or cover. */
    profile: z.boolean(),
  }),
  folderIds: z.array(entityIdSchema),
});
export type VaultItem = z.infer<typeof vaultItemSchema>;

export const vaultPageSchema = z.object({ items: z.array(vaultItemSchema), nextCursor: z.string().nullable() });
export type VaultPage = z.infer<typeof vaultPageSchema>;

export const vaultFolderInputSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Name the folder')
    .max(VAULT_FOLDER_NAME_MAX, `A folder's name has at most ${VAULT_FOLDER_NAME_MAX} characters`),
});
export const vaultFolderSchema = z.object({ id: entityIdSchema, name: z.string(), count: z.number().int(), createdAt: isoTime });
export type VaultFolder = z.infer<typeof vaultFolderSchema>;
export const vaultFoldersSchema = z.object({ folders: z.array(vaultFolderSchema) });
export type VaultFolders = z.infer<typeof vaultFoldersSchema>;

/** Deleting an item that is used: without `everywhere` it is refused (409 media_in_use), with it the item leaves every place. */
export const vaultDeleteQuerySchema = z.object({
  everywhere: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});
