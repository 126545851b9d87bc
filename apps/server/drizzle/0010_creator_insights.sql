ALTER TABLE "user_data" ADD COLUMN "time_zone" text;--> statement-breakpoint
CREATE INDEX "charges_creator_idx" ON "charges" USING btree ("creator_id");--> statement-breakpoint
CREATE INDEX "seen_records_entity_idx" ON "seen_records" USING btree ("entity_id","created_at");--> statement-breakpoint
CREATE INDEX "subscriptions_creator_idx" ON "subscriptions" USING btree ("creator_id","created_at");