ALTER TABLE "posts" ADD COLUMN "media_items" json DEFAULT '[]'::json NOT NULL;--> statement-breakpoint
-- A post's media as the post lists send it (mediaItemsJson in media/media-items.ts, which the
-- test of this column compares with), kept on the post so a page of cards reads one column.
CREATE FUNCTION "post_media_items"(post text) RETURNS json LANGUAGE sql STABLE AS $$
  SELECT coalesce(json_agg(json_build_object('position', pm."position", 'mediaId', m."id",
      'kind', m."kind", 'status', m."status", 'width', m."width", 'height', m."height",
      'durationMs', m."duration_ms", 'placeholder', m."placeholder",
      'thumb', m."thumb_key" IS NOT NULL, 'blur', m."blur_key" IS NOT NULL, 'blurThumb', m."blur_thumb_key" IS NOT NULL,
      'poster', m."poster_key" IS NOT NULL, 'playable', m."playable_key" IS NOT NULL)
    ORDER BY pm."position"), '[]')
  FROM "post_media" pm JOIN "media" m ON m."id" = pm."media_id" WHERE pm."post_id" = post
$$;--> statement-breakpoint
UPDATE "posts" SET "media_items" = "post_media_items"("id") WHERE "id" IN (SELECT "post_id" FROM "post_media");--> statement-breakpoint
-- Attaching, detaching or reordering: one update per statement and post touched.
CREATE FUNCTION "post_media_added_or_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "posts" SET "media_items" = "post_media_items"("posts"."id")
    WHERE "posts"."id" IN (SELECT "post_id" FROM changed_post_media);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "post_media_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "posts" SET "media_items" = "post_media_items"("posts"."id")
    WHERE "posts"."id" IN (SELECT "post_id" FROM old_post_media UNION SELECT "post_id" FROM new_post_media);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "post_media_added" AFTER INSERT ON "post_media" REFERENCING NEW TABLE AS changed_post_media
  FOR EACH STATEMENT EXECUTE FUNCTION "post_media_added_or_removed"();--> statement-breakpoint
CREATE TRIGGER "post_media_removed" AFTER DELETE ON "post_media" REFERENCING OLD TABLE AS changed_post_media
  FOR EACH STATEMENT EXECUTE FUNCTION "post_media_added_or_removed"();--> statement-breakpoint
CREATE TRIGGER "post_media_updated" AFTER UPDATE ON "post_media" REFERENCING OLD TABLE AS old_post_media NEW TABLE AS new_post_media
  FOR EACH STATEMENT EXECUTE FUNCTION "post_media_updated"();--> statement-breakpoint
-- Processing an attached item (its status, size, derivatives) changes what its post sends.
CREATE FUNCTION "post_media_item_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "posts" SET "media_items" = "post_media_items"("posts"."id")
    WHERE "posts"."id" IN (SELECT "post_id" FROM "post_media" WHERE "media_id" = NEW."id");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "post_media_item_changed" AFTER UPDATE ON "media" FOR EACH ROW
  WHEN ((OLD."kind", OLD."status", OLD."width", OLD."height", OLD."duration_ms", OLD."placeholder", OLD."thumb_key", OLD."blur_key",
         OLD."blur_thumb_key", OLD."poster_key", OLD."playable_key")
    IS DISTINCT FROM (NEW."kind", NEW."status", NEW."width", NEW."height", NEW."duration_ms", NEW."placeholder", NEW."thumb_key", NEW."blur_key",
         NEW."blur_thumb_key", NEW."poster_key", NEW."playable_key"))
  EXECUTE FUNCTION "post_media_item_changed"();
