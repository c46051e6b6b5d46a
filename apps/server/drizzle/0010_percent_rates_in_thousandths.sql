-- Percent rates in thousandths of a percent (issue 14, docs/decisions/0044-percent-rates-in-thousandths.md):
-- invoices.data version 1 held a percent tax or discount in basis points (8.25 % was 825); version 2
-- holds thousandths (8250), so that 8.875 % (8875) fits. Every row not yet at version 2 has its percent
-- values multiplied by 10 and becomes version 2; fixed amounts (minor units) stay as they are. The
-- stored totals do not change: round(subtotal × 10·b / 100,000) = round(subtotal × b / 10,000), so the
-- columns, invoice_stats and every figure built from them read the same.
UPDATE "invoices" SET "data" = "data"
    || jsonb_build_object('v', 2)
    || CASE WHEN jsonb_typeof("data" -> 'tax') = 'object'
              AND jsonb_typeof("data" -> 'tax' -> 'value') = 'number'
              AND "data" -> 'tax' ->> 'type' IS DISTINCT FROM 'fixed'
            THEN jsonb_build_object('tax', jsonb_set("data" -> 'tax', '{value}',
                                                     to_jsonb(("data" -> 'tax' ->> 'value')::numeric * 10)))
            ELSE '{}'::jsonb END
    || CASE WHEN jsonb_typeof("data" -> 'discount') = 'object'
              AND jsonb_typeof("data" -> 'discount' -> 'value') = 'number'
              AND "data" -> 'discount' ->> 'type' IS DISTINCT FROM 'fixed'
            THEN jsonb_build_object('discount', jsonb_set("data" -> 'discount', '{value}',
                                                          to_jsonb(("data" -> 'discount' ->> 'value')::numeric * 10)))
            ELSE '{}'::jsonb END
 WHERE jsonb_typeof("data") = 'object' AND "data" ->> 'v' IS DISTINCT FROM '2';
