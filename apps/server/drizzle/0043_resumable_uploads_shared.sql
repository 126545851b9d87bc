-- Unfinished uploads live in the database and the media store, so any instance takes any of their requests.
-- Uploads begun before, staged on one instance's disk, are not carried over: their clients start them again.
CREATE TABLE "resumable_upload_chunks" (
	"upload_id" text NOT NULL,
	"start" bigint NOT NULL,
	"bytes" bigint NOT NULL,
	"key" text NOT NULL,
	CONSTRAINT "resumable_upload_chunks_upload_id_start_pk" PRIMARY KEY("upload_id","start")
);
--> statement-breakpoint
CREATE TABLE "resumable_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"size" bigint NOT NULL,
	"received_bytes" bigint DEFAULT 0 NOT NULL,
	"metadata" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "resumable_upload_chunks" ADD CONSTRAINT "resumable_upload_chunks_upload_id_resumable_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."resumable_uploads"("id") ON DELETE cascade ON UPDATE no action;