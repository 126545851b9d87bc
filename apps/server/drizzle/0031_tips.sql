CREATE TABLE "tip_settings" (
	"creator_id" text PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"currency" text NOT NULL,
	"minimum_minor" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "tip_settings_minimum_check" CHECK ("tip_settings"."minimum_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "tips" (
	"id" text PRIMARY KEY NOT NULL,
	"charge_id" text NOT NULL,
	"user_id" text NOT NULL,
	"creator_id" text NOT NULL,
	"place" text NOT NULL,
	"post_id" text,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "tips_place_check" CHECK ("tips"."place" in ('post', 'profile'))
);
--> statement-breakpoint
ALTER TABLE "tip_settings" ADD CONSTRAINT "tip_settings_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tips_charge_unique" ON "tips" USING btree ("charge_id");--> statement-breakpoint
CREATE INDEX "tips_creator_idx" ON "tips" USING btree ("creator_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);