CREATE TABLE "payout_provider_accounts" (
	"creator_id" text NOT NULL,
	"provider" text NOT NULL,
	"external_id" text NOT NULL,
	"payouts_enabled" boolean DEFAULT false NOT NULL,
	"details_submitted" boolean DEFAULT false NOT NULL,
	"requirements" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"disabled_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_provider_accounts_creator_id_provider_pk" PRIMARY KEY("creator_id","provider")
);
--> statement-breakpoint
ALTER TABLE "payout_provider_accounts" ADD CONSTRAINT "payout_provider_accounts_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_provider_accounts_external_idx" ON "payout_provider_accounts" USING btree ("provider","external_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_released_idx" ON "ledger_entries" USING btree ("user_id","currency","released_at","id") WHERE "ledger_entries"."released_at" is not null;