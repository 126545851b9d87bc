ALTER TABLE "charges" ADD COLUMN "refund_of" text;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "refund_ends_access" boolean;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "refund_reason" text;--> statement-breakpoint
CREATE UNIQUE INDEX "charges_refund_of_unique" ON "charges" USING btree ("refund_of") WHERE "charges"."refund_of" is not null and "charges"."status" <> 'failed';--> statement-breakpoint
CREATE INDEX "charges_created_idx" ON "charges" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "ledger_entries_created_idx" ON "ledger_entries" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "subscriptions_created_idx" ON "subscriptions" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_refund_check" CHECK (("charges"."kind" = 'refund') = ("charges"."refund_of" is not null and "charges"."refund_ends_access" is not null));