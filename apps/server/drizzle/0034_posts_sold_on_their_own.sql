CREATE TABLE "post_purchases" (
	"post_id" text NOT NULL,
	"user_id" text NOT NULL,
	"creator_id" text NOT NULL,
	"charge_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_purchases_post_id_user_id_pk" PRIMARY KEY("post_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "post_id" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "price_minor" integer;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "post_purchases" ADD CONSTRAINT "post_purchases_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_purchases" ADD CONSTRAINT "post_purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_purchases" ADD CONSTRAINT "post_purchases_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_purchases" ADD CONSTRAINT "post_purchases_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "post_purchases_charge_unique" ON "post_purchases" USING btree ("charge_id");--> statement-breakpoint
CREATE INDEX "post_purchases_user_creator_idx" ON "post_purchases" USING btree ("user_id","creator_id");--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_paid_post_check" CHECK ("charges"."kind" <> 'paid_post' or "charges"."post_id" is not null);--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_price_check" CHECK (("posts"."price_minor" is null) = ("posts"."currency" is null));--> statement-breakpoint
-- A post sold on its own earns as its own source in the insights (migration 0032).
CREATE OR REPLACE FUNCTION "charge_earning_source"(p_kind text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_kind IN ('subscription', 'renewal', 'plan_change') THEN 'subscriptions'
    WHEN p_kind = 'paid_message' THEN 'messages' WHEN p_kind = 'tip' THEN 'tips' WHEN p_kind = 'paid_post' THEN 'posts' ELSE p_kind END
$$;
