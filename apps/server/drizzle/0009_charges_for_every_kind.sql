CREATE TABLE "dev_payment_refunds" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"id" text NOT NULL,
	"charge_id" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dev_payment_refunds_id_unique" UNIQUE("id")
);
--> statement-breakpoint
ALTER TABLE "charges" ALTER COLUMN "plan_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "charges" ALTER COLUMN "subscription_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "charges" ALTER COLUMN "period_start" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "charges" ALTER COLUMN "period_end" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "dev_payment_refunds" ADD CONSTRAINT "dev_payment_refunds_charge_id_dev_payment_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."dev_payment_charges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dev_payment_refunds_charge_idx" ON "dev_payment_refunds" USING btree ("charge_id");--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_subscription_kinds_check" CHECK ("charges"."kind" not in ('subscription', 'renewal', 'plan_change') or ("charges"."plan_id" is not null and "charges"."subscription_id" is not null and "charges"."period_start" is not null and "charges"."period_end" is not null));