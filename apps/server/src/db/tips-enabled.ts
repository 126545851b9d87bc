import { DEFAULT_TIP_SETTINGS } from '@aurum/core';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { tipSettings } from '../tips/tables.js';

/**
 * Whether a creator takes tips now, in SQL: their tip settings' answer, or the default without a
 * row. Here, beside the other named rules, because the lists that show a Tip button (posts,
 * profiles) and the tips domain all read it.
 */
export const tipsEnabledSql = (creatorId: AnyColumn | SQL): SQL =>
  sql`coalesce((select ${tipSettings.enabled} from ${tipSettings} where ${tipSettings.creatorId} = ${creatorId}), ${sql.raw(String(DEFAULT_TIP_SETTINGS.enabled))})`;
