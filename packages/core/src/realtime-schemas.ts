import type { RealtimeChannel } from './realtime.js';
import { z } from './zod-config.js';

/** A channel name as a client may send it (`realtime.ts` has the protocol). */
export const realtimeChannelSchema = z
  .string()
  .regex(/^(user|chat):[A-Za-z0-9_-]{1,64}$/, 'not a channel name')
  .transform((channel) => channel as RealtimeChannel);

export const realtimeClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subscribe'), channel: realtimeChannelSchema }),
  z.object({ type: z.literal('unsubscribe'), channel: realtimeChannelSchema }),
]);
export type RealtimeClientMessage = z.infer<typeof realtimeClientMessageSchema>;
