-- JPY and KRW have no minor unit (ISO 4217 exponent 0; docs/decisions/0059-currency-decimals-from-iso-4217.md): their
-- amounts were stored as hundredths and become whole yen and won. Every amount the user entered (a rate, a fixed tax
-- or discount, shipping) is divided by 100 and rounded half away from zero (numeric round); every figure made from
-- them is computed again by the totals rule (a line is quantity × rate, a percent is rounded once on the subtotal),
-- so the stored totals still equal what the totals function computes. A whole-unit invoice converts exactly.
UPDATE invoice_items it
   SET unit_cost_minor = round(it.unit_cost_minor / 100.0),
       amount_minor = it.quantity * round(it.unit_cost_minor / 100.0)
  FROM invoices i
 WHERE i.id = it.invoice_id AND i.currency IN ('JPY', 'KRW');
--> statement-breakpoint
CREATE FUNCTION pg_temp.whole_units(value jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN jsonb_typeof(value) = 'number' THEN to_jsonb(round(value::text::numeric / 100)) ELSE value END
$$;
--> statement-breakpoint
-- The document's own amounts: shipping, and a tax or discount of type fixed (a percent stays a rate).
UPDATE invoices
   SET data = jsonb_set(
         jsonb_set(
           jsonb_set(data, '{shipping,amount}', pg_temp.whole_units(coalesce(data #> '{shipping,amount}', '0')), false),
           '{tax,value}',
           CASE WHEN data #>> '{tax,type}' = 'fixed' THEN pg_temp.whole_units(data #> '{tax,value}') ELSE coalesce(data #> '{tax,value}', '0') END,
           false),
         '{discount,value}',
         CASE WHEN data #>> '{discount,type}' = 'fixed' THEN pg_temp.whole_units(data #> '{discount,value}') ELSE coalesce(data #> '{discount,value}', '0') END,
         false)
 WHERE currency IN ('JPY', 'KRW');
--> statement-breakpoint
CREATE FUNCTION pg_temp.adjustment(adjustment jsonb, subtotal numeric) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN coalesce((adjustment ->> 'enabled')::boolean, false) IS NOT TRUE THEN 0
    WHEN adjustment ->> 'type' = 'fixed' THEN coalesce((adjustment ->> 'value')::numeric, 0)::bigint
    -- A percent rate is in thousandths of a percent (ADR 44): subtotal × rate / 100,000, half away from zero.
    ELSE round(subtotal * coalesce((adjustment ->> 'value')::numeric, 0) / 100000)::bigint
  END
$$;
--> statement-breakpoint
-- The totals again from the converted amounts; what was paid is the paid sum rounded, never past the new total (the
-- payments below are rounded so that they add up to exactly this).
UPDATE invoices i
   SET subtotal_minor = t.subtotal,
       tax_minor = t.tax,
       discount_minor = t.discount,
       shipping_minor = t.shipping,
       total_minor = t.total,
       amount_paid_minor = least(round(i.amount_paid_minor / 100.0)::bigint, t.total)
  FROM (
    SELECT s.id, s.subtotal, s.tax, s.discount, s.shipping, greatest(0, s.subtotal + s.tax - s.discount + s.shipping) AS total
      FROM (
        SELECT x.id, x.subtotal,
               pg_temp.adjustment(x.data -> 'tax', x.subtotal) AS tax,
               pg_temp.adjustment(x.data -> 'discount', x.subtotal) AS discount,
               CASE WHEN coalesce((x.data #>> '{shipping,enabled}')::boolean, false)
                    THEN coalesce((x.data #>> '{shipping,amount}')::numeric, 0)::bigint ELSE 0 END AS shipping
          FROM (
            SELECT inv.id, inv.data,
                   coalesce((SELECT sum(it.amount_minor) FROM invoice_items it WHERE it.invoice_id = inv.id), 0)::bigint AS subtotal
              FROM invoices inv
             WHERE inv.currency IN ('JPY', 'KRW')
          ) x
      ) s
  ) t
 WHERE i.id = t.id;
--> statement-breakpoint
-- Payments are rounded cumulatively in the order they were paid: each becomes round(paid so far) − round(paid before
-- it), capped at the total, so they add up to the invoice's amount_paid_minor above. One that rounds to nothing (a
-- fraction of a yen) is removed: a payment is more than 0.
WITH running AS (
  SELECT p.id,
         i.total_minor AS cap,
         sum(p.amount_minor) OVER paid_order AS paid_so_far,
         coalesce(sum(p.amount_minor) OVER (paid_order ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS paid_before
    FROM payments p
    JOIN invoices i ON i.id = p.invoice_id
   WHERE i.currency IN ('JPY', 'KRW')
  WINDOW paid_order AS (PARTITION BY p.invoice_id ORDER BY p.paid_on, p.created_at, p.id)
), rounded AS (
  SELECT id, least(round(paid_so_far / 100.0)::bigint, cap) - least(round(paid_before / 100.0)::bigint, cap) AS amount
    FROM running
), removed AS (
  DELETE FROM payments p USING rounded r WHERE p.id = r.id AND r.amount = 0
)
UPDATE payments p SET amount_minor = r.amount FROM rounded r WHERE p.id = r.id AND r.amount > 0;
--> statement-breakpoint
-- Search finds the total as it is now written: '1234' and '1,234' (the last two lines of search_text).
UPDATE invoices
   SET search_text = regexp_replace(
         search_text,
         '\n[^\n]*\n[^\n]*$',
         E'\n' || total_minor::text || E'\n' || to_char(total_minor, 'FM999,999,999,999,999,990'))
 WHERE currency IN ('JPY', 'KRW');
