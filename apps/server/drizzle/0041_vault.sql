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
ALTER TABLE "vault_folder_items" ADD CONSTRAINT "vault_folder_items_folder_id_vault_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."vault_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vault_folder_items" ADD CONSTRAINT "vault_folder_items_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vault_folders" ADD CONSTRAINT "vault_folders_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vault_folder_items_media_idx" ON "vault_folder_items" USING btree ("media_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vault_folders_owner_name_unique" ON "vault_folders" USING btree ("owner_id",lower("name"));--> statement-breakpoint
CREATE INDEX "media_owner_created_idx" ON "media" USING btree ("owner_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "post_media_media_idx" ON "post_media" USING btree ("media_id");