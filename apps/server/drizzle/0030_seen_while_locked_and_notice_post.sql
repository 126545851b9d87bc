ALTER TABLE "moderation_notices" ADD COLUMN "post_id" text;--> statement-breakpoint
ALTER TABLE "seen_records" ADD COLUMN "locked" boolean DEFAULT false NOT NULL;