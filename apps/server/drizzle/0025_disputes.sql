CREATE TABLE "disputes" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text NOT NULL,
	"charge_id" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"fee_minor" integer DEFAULT 0 NOT NULL,
	"fee_returned_minor" integer DEFAULT 0 NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"outcome" text,
	"evidence_due_by" timestamp with time zone,
	"evidence_url" text,
	"opened_at" timestamp with time zone NOT NULL,
	"debited_at" timestamp with time zone,
	"credited_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "disputes_outcome_check" CHECK ("disputes"."outcome" is null or "disputes"."outcome" in ('won', 'lost'))
);
--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "disputes_provider_ref_unique" ON "disputes" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "disputes_charge_unique" ON "disputes" USING btree ("charge_id");--> statement-breakpoint
CREATE INDEX "disputes_opened_idx" ON "disputes" USING btree ("opened_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "disputes_due_idx" ON "disputes" USING btree ("evidence_due_by","id");--> statement-breakpoint
CREATE INDEX "charges_provider_ref_idx" ON "charges" USING btree ("provider_ref") WHERE "charges"."provider_ref" is not null;