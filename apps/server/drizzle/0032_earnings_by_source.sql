-- A creator's net earnings by where they came from (subscriptions, paid messages, tips), kept
-- beside the totals as the metric 'net:<source>' per currency. A refund counts against the source
-- of the payment it gives back; a dispute's entries are posted on the disputed payment itself.
CREATE FUNCTION "charge_earning_source"(p_kind text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_kind IN ('subscription', 'renewal', 'plan_change') THEN 'subscriptions'
    WHEN p_kind = 'paid_message' THEN 'messages' WHEN p_kind = 'tip' THEN 'tips' ELSE p_kind END
$$;--> statement-breakpoint
-- As before (migration 0026), and the creator's side once more under its source.
CREATE FUNCTION "ledger_insight_values"(p_kind text, p_amount bigint, p_source text)
RETURNS TABLE ("metric" text, "value" bigint) LANGUAGE sql IMMUTABLE AS $$
  WITH e AS (
    SELECT CASE WHEN starts_with(p_kind, 'platform_fee') THEN 'fee' WHEN starts_with(p_kind, 'creator_earning') THEN 'net' ELSE 'gross' END AS col
  )
  SELECT col, p_amount FROM e
  UNION ALL SELECT 'charges', 1 WHERE p_kind = 'payment'
  UNION ALL SELECT 'net:' || p_source, p_amount WHERE starts_with(p_kind, 'creator_earning')
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "ledger_entries_insights_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "add_creator_insights"(array_agg(c."creator_id"), array_agg(le."created_at"), array_agg(v."metric"), array_agg(le."currency"), array_agg(v."value"))
      FROM new_rows le JOIN "charges" c ON c."id" = le."charge_id" LEFT JOIN "charges" paid ON paid."id" = c."refund_of",
        "ledger_insight_values"(le."kind", le."amount_minor", "charge_earning_source"(coalesce(paid."kind", c."kind"))) v;
  ELSE
    PERFORM "add_creator_insights"(array_agg(c."creator_id"), array_agg(le."created_at"), array_agg(v."metric"), array_agg(le."currency"), array_agg(-v."value"))
      FROM old_rows le JOIN "charges" c ON c."id" = le."charge_id" LEFT JOIN "charges" paid ON paid."id" = c."refund_of",
        "ledger_insight_values"(le."kind", le."amount_minor", "charge_earning_source"(coalesce(paid."kind", c."kind"))) v;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "rebuild_creator_daily_insights"(creator text) RETURNS void LANGUAGE plpgsql AS $$
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
    UNION ALL SELECT le."created_at", v."metric", le."currency", v."value"
      FROM "charges" c JOIN "ledger_entries" le ON le."charge_id" = c."id" LEFT JOIN "charges" paid ON paid."id" = c."refund_of",
        "ledger_insight_values"(le."kind", le."amount_minor", "charge_earning_source"(coalesce(paid."kind", c."kind"))) v
      WHERE c."creator_id" = creator
    UNION ALL SELECT f."created_at", 'follow', '', 1 FROM "follows" f WHERE f."creator_id" = creator
  ) x
  WHERE x.at IS NOT NULL
  GROUP BY 2, 3, 4 HAVING sum(x.value) <> 0;
END $$;--> statement-breakpoint
DROP FUNCTION "ledger_insight_values"(text, bigint);--> statement-breakpoint
-- The earnings already kept, counted once more by source in each creator's zone.
SELECT "add_creator_insights"(array_agg(c."creator_id"), array_agg(le."created_at"), array_agg('net:' || "charge_earning_source"(coalesce(paid."kind", c."kind"))),
    array_agg(le."currency"), array_agg(le."amount_minor"))
  FROM "ledger_entries" le JOIN "charges" c ON c."id" = le."charge_id" LEFT JOIN "charges" paid ON paid."id" = c."refund_of"
  WHERE starts_with(le."kind", 'creator_earning');
