-- pg_trgm is a trusted extension: the database owner may create it without superuser rights.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "profiles_handle_trgm_idx" ON "profiles" USING gin ("handle" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profiles_public_name_trgm_idx" ON "profiles" USING gin ("public_name" gin_trgm_ops);