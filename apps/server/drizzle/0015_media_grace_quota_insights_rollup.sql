CREATE TABLE "creator_daily_insights" (
	"creator_id" text NOT NULL,
	"day" date NOT NULL,
	"metric" text NOT NULL,
	"key" text DEFAULT '' NOT NULL,
	"value" bigint NOT NULL,
	CONSTRAINT "creator_daily_insights_creator_id_day_metric_key_pk" PRIMARY KEY("creator_id","day","metric","key")
);
--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "detached_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "creator_daily_insights" ADD CONSTRAINT "creator_daily_insights_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscriptions_creator_valid_idx" ON "subscriptions" USING btree ("creator_id","valid_until");--> statement-breakpoint
-- Subscriptions cancelled before cancellations were dated: the best known date is the end of their period.
UPDATE "subscriptions" SET "cancelled_at" = least("valid_until", now()) WHERE NOT "auto_renew" AND "lapsed_at" IS NULL;--> statement-breakpoint
-- Creator insights per local day, kept exact in the writing transaction. Each source row stands
-- for a few dated events; a trigger adds a new row's events, takes a deleted row's away, and
-- for an update both. The day is the creator's stored time zone's (UTC without one), read with
-- the user_data row shared-locked, so a change of zone (which rebuilds the creator's rows)
-- waits for writes in flight and later writes see the new zone.
CREATE FUNCTION "creator_insights_zone"(creator text) RETURNS text LANGUAGE plpgsql VOLATILE AS $$
DECLARE zone text;
BEGIN
  SELECT "time_zone" INTO zone FROM "user_data" WHERE "user_id" = creator FOR SHARE;
  RETURN coalesce(zone, 'UTC');
END $$;--> statement-breakpoint
CREATE FUNCTION "subscription_insight_events"(p_plan text, p_created timestamptz, p_valid_until timestamptz, p_lapsed timestamptz, p_cancelled timestamptz)
RETURNS TABLE ("at" timestamptz, "metric" text, "key" text) LANGUAGE sql IMMUTABLE AS $$
  SELECT p_created, 'new', p_plan
  UNION ALL SELECT p_valid_until, 'ended', p_plan
  UNION ALL SELECT p_lapsed, 'lapsed', p_plan WHERE p_lapsed IS NOT NULL
  UNION ALL SELECT p_cancelled, 'cancelled', p_plan WHERE p_cancelled IS NOT NULL AND p_lapsed IS NULL
$$;--> statement-breakpoint
CREATE FUNCTION "charge_insight_events"(p_kind text, p_status text, p_settled timestamptz, p_plan text)
RETURNS TABLE ("at" timestamptz, "metric" text, "key" text) LANGUAGE sql IMMUTABLE AS $$
  SELECT p_settled, 'renewed', p_plan WHERE p_kind = 'renewal' AND p_status = 'succeeded' AND p_settled IS NOT NULL
$$;--> statement-breakpoint
-- How a ledger entry counts (core's ledgerColumn and ledgerSignedAmount): fee kinds start with
-- platform_fee, the creator's with creator_earning, the member's side is the gross; a reversal
-- counts against its column whatever sign it is stored with; a gross entry that is not a
-- reversal is one charge.
CREATE FUNCTION "ledger_insight_values"(p_kind text, p_amount bigint)
RETURNS TABLE ("metric" text, "value" bigint) LANGUAGE sql IMMUTABLE AS $$
  WITH e AS (
    SELECT (p_kind = 'refund' OR right(p_kind, 9) = '_reversal' OR right(p_kind, 7) = '_refund') AS reversal,
      CASE WHEN starts_with(p_kind, 'platform_fee') THEN 'fee' WHEN starts_with(p_kind, 'creator_earning') THEN 'net' ELSE 'gross' END AS col
  )
  SELECT col, CASE WHEN reversal THEN -abs(p_amount) ELSE p_amount END FROM e
  UNION ALL SELECT 'charges', 1 FROM e WHERE col = 'gross' AND NOT reversal
$$;--> statement-breakpoint
CREATE FUNCTION "add_creator_insights"(creators text[], ats timestamptz[], metrics text[], keys text[], deltas bigint[]) RETURNS void LANGUAGE sql VOLATILE AS $$
  INSERT INTO "creator_daily_insights" AS d ("creator_id", "day", "metric", "key", "value")
  SELECT e.creator, (e.at AT TIME ZONE "creator_insights_zone"(e.creator))::date, e.metric, coalesce(e.key, ''), sum(e.delta)
  FROM unnest(creators, ats, metrics, keys, deltas) AS e (creator, at, metric, key, delta)
  WHERE e.at IS NOT NULL
  GROUP BY 1, 2, 3, 4 HAVING sum(e.delta) <> 0
  ON CONFLICT ("creator_id", "day", "metric", "key") DO UPDATE SET "value" = d."value" + excluded."value"
$$;--> statement-breakpoint
CREATE FUNCTION "subscriptions_insights_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "add_creator_insights"(array_agg(s."creator_id"), array_agg(e."at"), array_agg(e."metric"), array_agg(e."key"), array_agg(1::bigint))
      FROM new_rows s, "subscription_insight_events"(s."plan_id", s."created_at", s."valid_until", s."lapsed_at", s."cancelled_at") e;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "add_creator_insights"(array_agg(s."creator_id"), array_agg(e."at"), array_agg(e."metric"), array_agg(e."key"), array_agg(-1::bigint))
      FROM old_rows s, "subscription_insight_events"(s."plan_id", s."created_at", s."valid_until", s."lapsed_at", s."cancelled_at") e;
  ELSE
    PERFORM "add_creator_insights"(array_agg(x.creator), array_agg(x.at), array_agg(x.metric), array_agg(x.key), array_agg(x.delta))
      FROM (
        SELECT s."creator_id" AS creator, e."at", e."metric", e."key", -1::bigint AS delta
          FROM old_rows s, "subscription_insight_events"(s."plan_id", s."created_at", s."valid_until", s."lapsed_at", s."cancelled_at") e
        UNION ALL
        SELECT s."creator_id", e."at", e."metric", e."key", 1::bigint
          FROM new_rows s, "subscription_insight_events"(s."plan_id", s."created_at", s."valid_until", s."lapsed_at", s."cancelled_at") e
      ) x;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "subscriptions_insights_added" AFTER INSERT ON "subscriptions" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "subscriptions_insights_changed"();--> statement-breakpoint
CREATE TRIGGER "subscriptions_insights_updated" AFTER UPDATE ON "subscriptions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "subscriptions_insights_changed"();--> statement-breakpoint
CREATE TRIGGER "subscriptions_insights_removed" AFTER DELETE ON "subscriptions" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "subscriptions_insights_changed"();--> statement-breakpoint
CREATE FUNCTION "charges_insights_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "add_creator_insights"(array_agg(c."creator_id"), array_agg(e."at"), array_agg(e."metric"), array_agg(e."key"), array_agg(1::bigint))
      FROM new_rows c, "charge_insight_events"(c."kind", c."status", c."settled_at", c."plan_id") e;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "add_creator_insights"(array_agg(c."creator_id"), array_agg(e."at"), array_agg(e."metric"), array_agg(e."key"), array_agg(-1::bigint))
      FROM old_rows c, "charge_insight_events"(c."kind", c."status", c."settled_at", c."plan_id") e;
  ELSE
    PERFORM "add_creator_insights"(array_agg(x.creator), array_agg(x.at), array_agg(x.metric), array_agg(x.key), array_agg(x.delta))
      FROM (
        SELECT c."creator_id" AS creator, e."at", e."metric", e."key", -1::bigint AS delta
          FROM old_rows c, "charge_insight_events"(c."kind", c."status", c."settled_at", c."plan_id") e
        UNION ALL
        SELECT c."creator_id", e."at", e."metric", e."key", 1::bigint
          FROM new_rows c, "charge_insight_events"(c."kind", c."status", c."settled_at", c."plan_id") e
      ) x;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "charges_insights_added" AFTER INSERT ON "charges" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "charges_insights_changed"();--> statement-breakpoint
CREATE TRIGGER "charges_insights_updated" AFTER UPDATE ON "charges" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "charges_insights_changed"();--> statement-breakpoint
CREATE TRIGGER "charges_insights_removed" AFTER DELETE ON "charges" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "charges_insights_changed"();--> statement-breakpoint
CREATE FUNCTION "ledger_entries_insights_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "add_creator_insights"(array_agg(c."creator_id"), array_agg(le."created_at"), array_agg(v."metric"), array_agg(le."currency"), array_agg(v."value"))
      FROM new_rows le JOIN "charges" c ON c."id" = le."charge_id", "ledger_insight_values"(le."kind", le."amount_minor") v;
  ELSE
    PERFORM "add_creator_insights"(array_agg(c."creator_id"), array_agg(le."created_at"), array_agg(v."metric"), array_agg(le."currency"), array_agg(-v."value"))
      FROM old_rows le JOIN "charges" c ON c."id" = le."charge_id", "ledger_insight_values"(le."kind", le."amount_minor") v;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_insights_added" AFTER INSERT ON "ledger_entries" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_entries_insights_changed"();--> statement-breakpoint
CREATE TRIGGER "ledger_entries_insights_removed" AFTER DELETE ON "ledger_entries" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_entries_insights_changed"();--> statement-breakpoint
CREATE FUNCTION "follows_insights_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "add_creator_insights"(array_agg(f."creator_id"), array_agg(f."created_at"), array_agg('follow'::text), array_agg(''::text), array_agg(1::bigint))
      FROM new_rows f;
  ELSE
    PERFORM "add_creator_insights"(array_agg(f."creator_id"), array_agg(f."created_at"), array_agg('follow'::text), array_agg(''::text), array_agg(-1::bigint))
      FROM old_rows f;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "follows_insights_added" AFTER INSERT ON "follows" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "follows_insights_changed"();--> statement-breakpoint
CREATE TRIGGER "follows_insights_removed" AFTER DELETE ON "follows" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "follows_insights_changed"();--> statement-breakpoint
-- Every row of one creator, counted again from the sources in the creator's zone.
CREATE FUNCTION "rebuild_creator_daily_insights"(creator text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE zone text := "creator_insights_zone"(creator);
BEGIN
  DELETE FROM "creator_daily_insights" WHERE "creator_id" = creator;
  INSERT INTO "creator_daily_insights" ("creator_id", "day", "metric", "key", "value")
  SELECT creator, (x.at AT TIME ZONE zone)::date, x.metric, coalesce(x.key, ''), sum(x.value)
  FROM (
    SELECT e."at", e."metric", e."key", 1::bigint AS value FROM "subscriptions" s,
      "subscription_insight_events"(s."plan_id", s."created_at", s."valid_until", s."lapsed_at", s."cancelled_at") e
      WHERE s."creator_id" = creator
    UNION ALL SELECT e."at", e."metric", e."key", 1 FROM "charges" c, "charge_insight_events"(c."kind", c."status", c."settled_at", c."plan_id") e
      WHERE c."creator_id" = creator
    UNION ALL SELECT le."created_at", v."metric", le."currency", v."value" FROM "charges" c JOIN "ledger_entries" le ON le."charge_id" = c."id",
      "ledger_insight_values"(le."kind", le."amount_minor") v WHERE c."creator_id" = creator
    UNION ALL SELECT f."created_at", 'follow', '', 1 FROM "follows" f WHERE f."creator_id" = creator
  ) x
  WHERE x.at IS NOT NULL
  GROUP BY 2, 3, 4 HAVING sum(x.value) <> 0;
END $$;--> statement-breakpoint
CREATE FUNCTION "user_data_insights_zone_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "rebuild_creator_daily_insights"(NEW."user_id");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "user_data_insights_zone_added" AFTER INSERT ON "user_data"
  FOR EACH ROW WHEN (NEW."time_zone" IS NOT NULL) EXECUTE FUNCTION "user_data_insights_zone_changed"();--> statement-breakpoint
CREATE TRIGGER "user_data_insights_zone_updated" AFTER UPDATE OF "time_zone" ON "user_data"
  FOR EACH ROW WHEN (OLD."time_zone" IS DISTINCT FROM NEW."time_zone") EXECUTE FUNCTION "user_data_insights_zone_changed"();--> statement-breakpoint
SELECT "rebuild_creator_daily_insights"(creators."creator_id") FROM (
  SELECT "creator_id" FROM "subscriptions" UNION SELECT "creator_id" FROM "charges" UNION SELECT "creator_id" FROM "follows"
) AS creators;
