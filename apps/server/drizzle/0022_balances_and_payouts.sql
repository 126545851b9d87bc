CREATE TABLE "creator_balances" (
	"creator_id" text NOT NULL,
	"currency" text NOT NULL,
	"pending_minor" bigint DEFAULT 0 NOT NULL,
	"available_minor" bigint DEFAULT 0 NOT NULL,
	"paid_out_minor" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "creator_balances_creator_id_currency_pk" PRIMARY KEY("creator_id","currency")
);
--> statement-breakpoint
CREATE TABLE "creator_payout_settings" (
	"creator_id" text PRIMARY KEY NOT NULL,
	"hold_days" integer,
	"hold_reason" text,
	"schedule" text DEFAULT 'manual' NOT NULL,
	"schedule_day" integer,
	"method_change_pause_until" timestamp with time zone,
	"payouts_held_at" timestamp with time zone,
	"payouts_held_reason" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dev_payouts" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"id" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"destination" jsonb NOT NULL,
	"status" text NOT NULL,
	"failure_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dev_payouts_id_unique" UNIQUE("id")
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"creator_id" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"trigger" text NOT NULL,
	"provider" text NOT NULL,
	"payout_method_id" text,
	"destination" jsonb NOT NULL,
	"provider_ref" text,
	"failure_code" text,
	"failure_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	CONSTRAINT "payouts_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "payouts_amount_check" CHECK ("payouts"."amount_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "charge_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "payout_id" text;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "available_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "creator_balances" ADD CONSTRAINT "creator_balances_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_payout_settings" ADD CONSTRAINT "creator_payout_settings_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_payout_method_id_payout_methods_id_fk" FOREIGN KEY ("payout_method_id") REFERENCES "public"."payout_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payouts_creator_idx" ON "payouts" USING btree ("creator_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "payouts_status_idx" ON "payouts" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "payouts_created_idx" ON "payouts" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_payout_kind_unique" ON "ledger_entries" USING btree ("payout_id","kind");--> statement-breakpoint
CREATE INDEX "ledger_entries_held_idx" ON "ledger_entries" USING btree ("available_at") WHERE "ledger_entries"."released_at" is null and "ledger_entries"."available_at" is not null;--> statement-breakpoint
CREATE INDEX "ledger_entries_held_user_idx" ON "ledger_entries" USING btree ("user_id","currency","available_at") WHERE "ledger_entries"."released_at" is null and "ledger_entries"."available_at" is not null;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_source_check" CHECK (("ledger_entries"."charge_id" is null) <> ("ledger_entries"."payout_id" is null));--> statement-breakpoint
-- Earnings made before balances existed: held for the platform's default seven days from when they
-- were earned, refunds of them debited at once; those whose hold is over count as available.
UPDATE "ledger_entries" SET
  "available_at" = CASE WHEN "kind" = 'creator_earning' THEN "created_at" + interval '7 days' ELSE "created_at" END
WHERE "kind" IN ('creator_earning', 'creator_earning_reversal');--> statement-breakpoint
UPDATE "ledger_entries" SET "released_at" = now() WHERE "available_at" IS NOT NULL AND "available_at" <= now();--> statement-breakpoint
INSERT INTO "creator_balances" ("creator_id", "currency", "pending_minor", "available_minor", "paid_out_minor")
SELECT "user_id", "currency",
  coalesce(sum("amount_minor") FILTER (WHERE "released_at" IS NULL), 0),
  coalesce(sum("amount_minor") FILTER (WHERE "released_at" IS NOT NULL), 0),
  0
FROM "ledger_entries"
WHERE "available_at" IS NOT NULL AND "user_id" IS NOT NULL
GROUP BY "user_id", "currency";
