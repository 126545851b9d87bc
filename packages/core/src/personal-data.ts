import { z } from './zod-config.js';

/** A member's download of their own data, prepared in the background and mailed as a link. */

const isoDate = z.iso.datetime({ offset: true });

/** How long the mailed link works. */
export const DATA_EXPORT_LINK_DAYS = 7;

export const DATA_EXPORT_STATUSES = ['pending', 'ready', 'failed'] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

export const dataExportSchema = z.object({
  exportId: z.string(),
  status: z.enum(DATA_EXPORT_STATUSES),
  createdAt: isoDate,
  readyAt: isoDate.nullable(),
  expiresAt: isoDate.nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

/** The latest export, or null when the member never asked for one. */
export const latestDataExportSchema = z.object({ export: dataExportSchema.nullable() });
export type LatestDataExport = z.infer<typeof latestDataExportSchema>;

/** The signed link's parameters: when it stops working (ms since the epoch) and its signature. */
export const dataExportDownloadQuerySchema = z.object({
  expires: z.coerce.number().int().min(0),
  signature: z.string().regex(/^[\w-]{16,128}$/, 'Not a valid signature'),
});

export const dataExportParamsSchema = z.object({ exportId: z.string().regex(/^[\w-]{1,64}$/, 'Not a valid id') });
