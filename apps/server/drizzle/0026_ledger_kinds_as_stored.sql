-- Ledger entries count in a creator's insights as stored, and only a member's payment is a
-- charge: a chargeback is stored negative and a won dispute's credit positive, which the old
-- rule (a kind named like a reversal forced negative, any other gross entry a charge) misread.
-- Every existing reversal (refund, *_reversal) is stored negative, so the kept daily rows stay
-- exact and need no rebuild.
CREATE OR REPLACE FUNCTION "ledger_insight_values"(p_kind text, p_amount bigint)
RETURNS TABLE ("metric" text, "value" bigint) LANGUAGE sql IMMUTABLE AS $$
  WITH e AS (
    SELECT CASE WHEN starts_with(p_kind, 'platform_fee') THEN 'fee' WHEN starts_with(p_kind, 'creator_earning') THEN 'net' ELSE 'gross' END AS col
  )
  SELECT col, p_amount FROM e
  UNION ALL SELECT 'charges', 1 WHERE p_kind = 'payment'
$$;
