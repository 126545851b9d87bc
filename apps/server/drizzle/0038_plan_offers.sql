CREATE TABLE "plan_offers" (
	"id" text PRIMARY KEY NOT NULL,
	"creator_id" text NOT NULL,
	"plan_id" text NOT NULL,
	"code" text NOT NULL,
	"audience" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"payments" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"max_redemptions" integer,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "offer_id" text;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "list_amount_minor" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "offer_id" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "offer_payments_left" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "plan_offers" ADD CONSTRAINT "plan_offers_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_offers" ADD CONSTRAINT "plan_offers_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "plan_offers_code_unique" ON "plan_offers" USING btree ("code");--> statement-breakpoint
CREATE INDEX "plan_offers_creator_idx" ON "plan_offers" USING btree ("creator_id","created_at");--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_offer_id_plan_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."plan_offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscriptions_offer_idx" ON "subscriptions" USING btree ("offer_id") WHERE "subscriptions"."offer_id" is not null;