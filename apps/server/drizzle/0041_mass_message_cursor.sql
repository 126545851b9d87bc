DROP INDEX "mass_message_recipients_batch_idx";--> statement-breakpoint
DROP INDEX "mass_message_recipients_pending_idx";--> statement-breakpoint
ALTER TABLE "mass_messages" ADD COLUMN "delivered_through" text;--> statement-breakpoint
-- A message being delivered carries on after its last written batch: batches were taken in user id order.
UPDATE "mass_messages" SET "delivered_through" = (SELECT max("user_id") FROM "mass_message_recipients" AS r WHERE r."mass_message_id" = "mass_messages"."id" AND r."batch" IS NOT NULL) WHERE "status" = 'sending';--> statement-breakpoint
ALTER TABLE "mass_message_recipients" DROP COLUMN "batch";--> statement-breakpoint
ALTER TABLE "mass_message_recipients" DROP COLUMN "skipped";