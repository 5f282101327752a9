-- One actual per (account, month) (docs/projection-rules.md#actuals-and-check-ins): the contribution and retirement tables share
-- an account's actual balance. Each account actual gets its twin under the other kind; where both
-- exist and differ, the later write wins for both.
INSERT INTO "month_overrides" ("user_id", "kind", "entity_id", "month", "value_cents", "updated_at")
SELECT "user_id", CASE "kind" WHEN 'contribution' THEN 'retirement' ELSE 'contribution' END, "entity_id", "month", "value_cents", "updated_at"
FROM "month_overrides"
WHERE "kind" IN ('contribution', 'retirement')
ON CONFLICT ("user_id", "kind", "entity_id", "month") DO UPDATE
SET "value_cents" = EXCLUDED."value_cents", "updated_at" = EXCLUDED."updated_at"
WHERE "month_overrides"."updated_at" < EXCLUDED."updated_at";
