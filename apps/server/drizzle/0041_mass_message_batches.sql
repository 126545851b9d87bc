CREATE TABLE "mass_message_batches" (
	"mass_message_id" text NOT NULL,
	"batch" integer NOT NULL,
	"recipient_ids" text[] NOT NULL,
	CONSTRAINT "mass_message_batches_mass_message_id_batch_pk" PRIMARY KEY("mass_message_id","batch")
);
--> statement-breakpoint
-- A message being delivered carries on with the recipients its batches had not reached yet.
INSERT INTO "mass_message_batches" ("mass_message_id", "batch", "recipient_ids")
SELECT pending."mass_message_id", (pending.n - 1) / 2000, array_agg(pending."user_id" ORDER BY pending.n)
FROM (SELECT r."mass_message_id", r."user_id", row_number() OVER (PARTITION BY r."mass_message_id" ORDER BY r."user_id") AS n
  FROM "mass_message_recipients" AS r JOIN "mass_messages" AS m ON m."id" = r."mass_message_id"
  WHERE m."status" = 'sending' AND r."batch" IS NULL) AS pending
GROUP BY pending."mass_message_id", (pending.n - 1) / 2000;--> statement-breakpoint
DROP TABLE "mass_message_recipients" CASCADE;--> statement-breakpoint
ALTER TABLE "mass_message_batches" ADD CONSTRAINT "mass_message_batches_mass_message_id_mass_messages_id_fk" FOREIGN KEY ("mass_message_id") REFERENCES "public"."mass_messages"("id") ON DELETE cascade ON UPDATE no action;