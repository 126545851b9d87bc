-- Pending sign-ins last 15 minutes and had no link; anyone signing in during the upgrade asks again.
DELETE FROM "sign_in_codes";--> statement-breakpoint
ALTER TABLE "sign_in_codes" DROP CONSTRAINT "sign_in_codes_email_unique";--> statement-breakpoint
ALTER TABLE "sign_in_codes" ADD COLUMN "link_hash" text NOT NULL;--> statement-breakpoint
CREATE INDEX "sign_in_codes_email_idx" ON "sign_in_codes" USING btree ("email","expires_at");