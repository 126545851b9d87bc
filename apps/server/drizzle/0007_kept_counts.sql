ALTER TABLE "posts" ADD COLUMN "like_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "follower_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "profiles_follower_count_idx" ON "profiles" USING btree ("follower_count" DESC NULLS FIRST,"user_id" DESC NULLS FIRST);--> statement-breakpoint
UPDATE "posts" SET "like_count" = counted.likes
  FROM (SELECT "post_id", count(*)::int AS likes FROM "likes" GROUP BY "post_id") counted
  WHERE "posts"."id" = counted."post_id";--> statement-breakpoint
UPDATE "profiles" SET "follower_count" = counted.followers
  FROM (SELECT f."creator_id", count(*)::int AS followers FROM "follows" f
          JOIN "users" u ON u."id" = f."user_id" AND u."disabled_at" IS NULL GROUP BY f."creator_id") counted
  WHERE "profiles"."user_id" = counted."creator_id";--> statement-breakpoint
-- Like counts: one update per statement and post, whatever inserts or deletes the likes (a
-- member's likes, or a cascade when an account or a post is deleted).
CREATE FUNCTION "likes_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "posts" SET "like_count" = "posts"."like_count" + added.likes
    FROM (SELECT "post_id", count(*)::int AS likes FROM added_likes GROUP BY "post_id") added
    WHERE "posts"."id" = added."post_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "likes_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "posts" SET "like_count" = "posts"."like_count" - removed.likes
    FROM (SELECT "post_id", count(*)::int AS likes FROM removed_likes GROUP BY "post_id") removed
    WHERE "posts"."id" = removed."post_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "likes_added" AFTER INSERT ON "likes" REFERENCING NEW TABLE AS added_likes
  FOR EACH STATEMENT EXECUTE FUNCTION "likes_added"();--> statement-breakpoint
CREATE TRIGGER "likes_removed" AFTER DELETE ON "likes" REFERENCING OLD TABLE AS removed_likes
  FOR EACH STATEMENT EXECUTE FUNCTION "likes_removed"();--> statement-breakpoint
-- Follower counts hold follows by accounts that are not disabled: a follow counts while its
-- follower exists and is not disabled; disabling or enabling an account moves all its follows
-- at once; deleting an account that is not disabled takes its follows away before the cascade
-- removes them (the cascade's own trigger no longer sees the account, so it changes nothing).
CREATE FUNCTION "follows_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "profiles" SET "follower_count" = "profiles"."follower_count" + added.followers
    FROM (SELECT f."creator_id", count(*)::int AS followers FROM added_follows f
            JOIN "users" u ON u."id" = f."user_id" AND u."disabled_at" IS NULL GROUP BY f."creator_id") added
    WHERE "profiles"."user_id" = added."creator_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "follows_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "profiles" SET "follower_count" = "profiles"."follower_count" - removed.followers
    FROM (SELECT f."creator_id", count(*)::int AS followers FROM removed_follows f
            JOIN "users" u ON u."id" = f."user_id" AND u."disabled_at" IS NULL GROUP BY f."creator_id") removed
    WHERE "profiles"."user_id" = removed."creator_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "users_followers_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "profiles" SET "follower_count" = "profiles"."follower_count" + moved.followers
    FROM (SELECT f."creator_id", sum(CASE WHEN after."disabled_at" IS NULL THEN 1 ELSE -1 END)::int AS followers
            FROM users_before before JOIN users_after after ON after."id" = before."id"
            JOIN "follows" f ON f."user_id" = after."id"
            WHERE (before."disabled_at" IS NULL) <> (after."disabled_at" IS NULL)
            GROUP BY f."creator_id") moved
    WHERE "profiles"."user_id" = moved."creator_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "users_followers_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."disabled_at" IS NULL THEN
    UPDATE "profiles" SET "follower_count" = "profiles"."follower_count" - 1
      WHERE "profiles"."user_id" IN (SELECT "creator_id" FROM "follows" WHERE "user_id" = OLD."id");
  END IF;
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER "follows_added" AFTER INSERT ON "follows" REFERENCING NEW TABLE AS added_follows
  FOR EACH STATEMENT EXECUTE FUNCTION "follows_added"();--> statement-breakpoint
CREATE TRIGGER "follows_removed" AFTER DELETE ON "follows" REFERENCING OLD TABLE AS removed_follows
  FOR EACH STATEMENT EXECUTE FUNCTION "follows_removed"();--> statement-breakpoint
CREATE TRIGGER "users_followers_moved" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS users_before NEW TABLE AS users_after
  FOR EACH STATEMENT EXECUTE FUNCTION "users_followers_moved"();--> statement-breakpoint
CREATE TRIGGER "users_followers_deleted" BEFORE DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "users_followers_deleted"();
