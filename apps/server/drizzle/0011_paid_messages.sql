CREATE TABLE "message_unlocks" (
	"message_id" text NOT NULL,
	"user_id" text NOT NULL,
	"charge_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_unlocks_message_id_user_id_pk" PRIMARY KEY("message_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "message_id" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "price_minor" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "message_unlocks" ADD CONSTRAINT "message_unlocks_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_unlocks" ADD CONSTRAINT "message_unlocks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_unlocks" ADD CONSTRAINT "message_unlocks_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "message_unlocks_charge_unique" ON "message_unlocks" USING btree ("charge_id");--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_paid_message_check" CHECK ("charges"."kind" <> 'paid_message' or "charges"."message_id" is not null);--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_price_check" CHECK (("messages"."price_minor" is null) = ("messages"."currency" is null));