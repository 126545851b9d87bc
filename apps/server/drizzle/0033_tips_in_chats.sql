ALTER TABLE "tips" DROP CONSTRAINT "tips_place_check";--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "tip_id" text;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_tip_id_tips_id_fk" FOREIGN KEY ("tip_id") REFERENCES "public"."tips"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_tip_unique" ON "messages" USING btree ("tip_id");--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_place_check" CHECK ("tips"."place" in ('post', 'profile', 'chat'));