ALTER TABLE "plans" ADD COLUMN "bundles" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "months" integer DEFAULT 1 NOT NULL;