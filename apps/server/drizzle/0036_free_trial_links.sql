CREATE TABLE "trial_links" (
	"id" text PRIMARY KEY NOT NULL,
	"creator_id" text NOT NULL,
	"plan_id" text NOT NULL,
	"code" text NOT NULL,
	"days" integer NOT NULL,
	"max_claims" integer,
	"expires_at" timestamp with time zone,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "trial_link_id" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "trial_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trial_links" ADD CONSTRAINT "trial_links_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_links" ADD CONSTRAINT "trial_links_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trial_links_code_unique" ON "trial_links" USING btree ("code");--> statement-breakpoint
CREATE INDEX "trial_links_creator_idx" ON "trial_links" USING btree ("creator_id","created_at");--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_trial_link_id_trial_links_id_fk" FOREIGN KEY ("trial_link_id") REFERENCES "public"."trial_links"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_one_trial_per_creator" ON "subscriptions" USING btree ("user_id","creator_id") WHERE "subscriptions"."trial_link_id" is not null;--> statement-breakpoint
CREATE INDEX "subscriptions_trial_link_idx" ON "subscriptions" USING btree ("trial_link_id") WHERE "subscriptions"."trial_link_id" is not null;