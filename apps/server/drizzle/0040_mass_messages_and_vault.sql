CREATE TABLE "mass_message_media" (
	"mass_message_id" text NOT NULL,
	"position" integer NOT NULL,
	"media_id" text NOT NULL,
	CONSTRAINT "mass_message_media_mass_message_id_position_pk" PRIMARY KEY("mass_message_id","position")
);
--> statement-breakpoint
CREATE TABLE "mass_message_recipients" (
	"mass_message_id" text NOT NULL,
	"user_id" text NOT NULL,
	"chat_id" text NOT NULL,
	"batch" integer,
	"skipped" boolean DEFAULT false NOT NULL,
	CONSTRAINT "mass_message_recipients_mass_message_id_user_id_pk" PRIMARY KEY("mass_message_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "mass_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"creator_id" text NOT NULL,
	"body" text NOT NULL,
	"price_minor" integer,
	"currency" text,
	"include" jsonb NOT NULL,
	"exclude" jsonb NOT NULL,
	"status" text NOT NULL,
	"send_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"recipient_count" integer,
	"delivered_count" integer DEFAULT 0 NOT NULL,
	"batches" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"unsent_at" timestamp with time zone,
	CONSTRAINT "mass_messages_price_check" CHECK (("mass_messages"."price_minor" is null) = ("mass_messages"."currency" is null)),
	CONSTRAINT "mass_messages_status_check" CHECK ("mass_messages"."status" in ('scheduled', 'sending', 'sent', 'unsent'))
);
--> statement-breakpoint
CREATE TABLE "vault_folder_items" (
	"folder_id" text NOT NULL,
	"media_id" text NOT NULL,
	"added_at" timestamp with time zone NOT NULL,
	CONSTRAINT "vault_folder_items_folder_id_media_id_pk" PRIMARY KEY("folder_id","media_id")
);
--> statement-breakpoint
CREATE TABLE "vault_folders" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "media_owner_idx";--> statement-breakpoint
DROP INDEX "post_media_media_unique";--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "mass_message_id" text;--> statement-breakpoint
ALTER TABLE "mass_message_media" ADD CONSTRAINT "mass_message_media_mass_message_id_mass_messages_id_fk" FOREIGN KEY ("mass_message_id") REFERENCES "public"."mass_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mass_message_media" ADD CONSTRAINT "mass_message_media_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mass_message_recipients" ADD CONSTRAINT "mass_message_recipients_mass_message_id_mass_messages_id_fk" FOREIGN KEY ("mass_message_id") REFERENCES "public"."mass_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mass_message_recipients" ADD CONSTRAINT "mass_message_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mass_messages" ADD CONSTRAINT "mass_messages_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vault_folder_items" ADD CONSTRAINT "vault_folder_items_folder_id_vault_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."vault_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vault_folder_items" ADD CONSTRAINT "vault_folder_items_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vault_folders" ADD CONSTRAINT "vault_folders_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mass_message_media_media_idx" ON "mass_message_media" USING btree ("media_id");--> statement-breakpoint
CREATE INDEX "mass_message_recipients_batch_idx" ON "mass_message_recipients" USING btree ("mass_message_id","batch");--> statement-breakpoint
CREATE INDEX "mass_message_recipients_pending_idx" ON "mass_message_recipients" USING btree ("mass_message_id","user_id") WHERE "mass_message_recipients"."batch" is null;--> statement-breakpoint
CREATE INDEX "mass_message_recipients_user_idx" ON "mass_message_recipients" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "mass_messages_creator_created_idx" ON "mass_messages" USING btree ("creator_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "vault_folder_items_media_idx" ON "vault_folder_items" USING btree ("media_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vault_folders_owner_name_unique" ON "vault_folders" USING btree ("owner_id",lower("name"));--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_mass_message_id_mass_messages_id_fk" FOREIGN KEY ("mass_message_id") REFERENCES "public"."mass_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_mass_message_idx" ON "messages" USING btree ("mass_message_id") WHERE "messages"."mass_message_id" is not null;--> statement-breakpoint
CREATE INDEX "media_owner_created_idx" ON "media" USING btree ("owner_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "charges_message_idx" ON "charges" USING btree ("message_id") WHERE "charges"."message_id" is not null;--> statement-breakpoint
CREATE INDEX "post_media_media_idx" ON "post_media" USING btree ("media_id");