-- Payments (ADR 0048, docs/product/payments.md): money received for an invoice, partial payments allowed,
-- never more than the total. invoices.amount_paid_minor holds the sum of an invoice's payments, kept by
-- the payment ledger (src/shared/payment-ledger.ts) in the transaction of every payment write, because a
-- generated column cannot read another table; amount_due_minor becomes the total less what was paid
-- (nothing once paid). invoice_stats also sums what was paid and what is due, so the dashboard's revenue
-- (money received) and outstanding (balance due of sent and overdue invoices) stay an index-only read.
-- Invoices already paid get one payment of their total (source mark_as_paid, dated when the invoice was
-- last updated), so revenue, balances and the status rules read the same before and after.
ALTER TABLE "invoices" ADD COLUMN "amount_paid_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"amount_minor" bigint NOT NULL,
	"paid_on" date NOT NULL,
	"method" text NOT NULL,
	"note" text,
	"source" text DEFAULT 'manual' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount_minor" > 0),
	CONSTRAINT "payments_method_check" CHECK ("payments"."method" in ('bank_transfer', 'card', 'cash', 'cheque', 'other')),
	CONSTRAINT "payments_source_check" CHECK ("payments"."source" in ('manual', 'mark_as_paid')),
	CONSTRAINT "payments_note_length" CHECK ("payments"."note" is null or char_length("payments"."note") <= 500)
);
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_invoice_paid_on_idx" ON "payments" USING btree ("invoice_id","paid_on" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id");--> statement-breakpoint
-- The invoices paid before payments existed: one payment of the total each.
INSERT INTO "payments" ("invoice_id", "user_id", "amount_minor", "paid_on", "method", "note", "source", "created_at")
SELECT "id", "user_id", "total_minor", ("updated_at" AT TIME ZONE 'UTC')::date, 'other',
       'Marked as paid before payments were recorded', 'mark_as_paid', "updated_at"
  FROM "invoices"
 WHERE "status" = 'paid' AND "total_minor" > 0;--> statement-breakpoint
UPDATE "invoices" SET "amount_paid_minor" = "total_minor" WHERE "status" = 'paid' AND "total_minor" > 0;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_amount_paid_check" CHECK ("invoices"."amount_paid_minor" >= 0 and "invoices"."amount_paid_minor" <= "invoices"."total_minor");--> statement-breakpoint
-- A generated column's expression cannot be altered before PostgreSQL 17: dropped (with its sort index) and added again.
ALTER TABLE "invoices" DROP COLUMN "amount_due_minor";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "amount_due_minor" bigint GENERATED ALWAYS AS (case when status = 'paid' then 0 else greatest(total_minor - amount_paid_minor, 0) end) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "invoices_user_amount_sort_idx" ON "invoices" USING btree ("user_id","amount_due_minor","created_at","id","status","due_date");--> statement-breakpoint
ALTER TABLE "invoice_stats" ADD COLUMN "paid_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_stats" ADD COLUMN "due_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_stats" DROP CONSTRAINT "invoice_stats_user_id_currency_month_status_pk";--> statement-breakpoint
ALTER TABLE "invoice_stats" ADD CONSTRAINT "invoice_stats_user_id_currency_month_status_pk" PRIMARY KEY("user_id","currency","month","status") INCLUDE ("invoice_count","total_minor","paid_minor","due_minor");--> statement-breakpoint
-- The statistics triggers of migration 0006, now also summing amount_paid_minor and amount_due_minor. A group
-- is kept while it counts an invoice; a payment changes only the sums of its invoice's group.
CREATE OR REPLACE FUNCTION invoice_stats_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO invoice_stats AS s (user_id, currency, month, status, invoice_count, total_minor, paid_minor, due_minor)
    SELECT n.user_id, n.currency, invoice_stats_month(n.issued_date, n.created_at), n.status, count(*),
           sum(n.total_minor), sum(n.amount_paid_minor), sum(n.amount_due_minor)
      FROM new_rows n
     GROUP BY 1, 2, 3, 4
     ORDER BY 1, 2, 3, 4
    ON CONFLICT (user_id, currency, month, status) DO UPDATE
       SET invoice_count = s.invoice_count + excluded.invoice_count,
           total_minor = s.total_minor + excluded.total_minor,
           paid_minor = s.paid_minor + excluded.paid_minor,
           due_minor = s.due_minor + excluded.due_minor;
    RETURN NULL;
  END IF;

  IF TG_OP = 'UPDATE' THEN
    INSERT INTO invoice_stats AS s (user_id, currency, month, status, invoice_count, total_minor, paid_minor, due_minor)
    SELECT d.user_id, d.currency, d.month, d.status, d.n, d.total, d.paid, d.due
      FROM (SELECT c.user_id, c.currency, c.month, c.status, sum(c.n)::int AS n, sum(c.total)::bigint AS total,
                   sum(c.paid)::bigint AS paid, sum(c.due)::bigint AS due
              FROM (SELECT o.user_id, o.currency, invoice_stats_month(o.issued_date, o.created_at) AS month, o.status,
                           -1 AS n, -o.total_minor AS total, -o.amount_paid_minor AS paid, -o.amount_due_minor AS due
                      FROM old_rows o
                    UNION ALL
                    SELECT n.user_id, n.currency, invoice_stats_month(n.issued_date, n.created_at), n.status,
                           1, n.total_minor, n.amount_paid_minor, n.amount_due_minor
                      FROM new_rows n) c
             GROUP BY 1, 2, 3, 4
            HAVING sum(c.n) <> 0 OR sum(c.total) <> 0 OR sum(c.paid) <> 0 OR sum(c.due) <> 0) d
     WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = d.user_id)
     ORDER BY 1, 2, 3, 4
    ON CONFLICT (user_id, currency, month, status) DO UPDATE
       SET invoice_count = s.invoice_count + excluded.invoice_count,
           total_minor = s.total_minor + excluded.total_minor,
           paid_minor = s.paid_minor + excluded.paid_minor,
           due_minor = s.due_minor + excluded.due_minor;
  ELSE
    INSERT INTO invoice_stats AS s (user_id, currency, month, status, invoice_count, total_minor, paid_minor, due_minor)
    SELECT d.user_id, d.currency, d.month, d.status, d.n, d.total, d.paid, d.due
      FROM (SELECT o.user_id, o.currency, invoice_stats_month(o.issued_date, o.created_at) AS month, o.status,
                   -count(*)::int AS n, -sum(o.total_minor)::bigint AS total,
                   -sum(o.amount_paid_minor)::bigint AS paid, -sum(o.amount_due_minor)::bigint AS due
              FROM old_rows o
             GROUP BY 1, 2, 3, 4) d
     WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = d.user_id)
     ORDER BY 1, 2, 3, 4
    ON CONFLICT (user_id, currency, month, status) DO UPDATE
       SET invoice_count = s.invoice_count + excluded.invoice_count,
           total_minor = s.total_minor + excluded.total_minor,
           paid_minor = s.paid_minor + excluded.paid_minor,
           due_minor = s.due_minor + excluded.due_minor;
  END IF;

  DELETE FROM invoice_stats s
   USING (SELECT DISTINCT o.user_id, o.currency, invoice_stats_month(o.issued_date, o.created_at) AS month, o.status
            FROM old_rows o) k
   WHERE s.user_id = k.user_id AND s.currency = k.currency AND s.month = k.month AND s.status = k.status
     AND s.invoice_count = 0;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- The new sums for the invoices already there (the triggers hold writes to invoices until this commits).
UPDATE invoice_stats s
   SET paid_minor = r.paid, due_minor = r.due
  FROM (SELECT user_id, currency, invoice_stats_month(issued_date, created_at) AS month, status,
               sum(amount_paid_minor) AS paid, sum(amount_due_minor) AS due
          FROM invoices
         GROUP BY 1, 2, 3, 4) r
 WHERE s.user_id = r.user_id AND s.currency = r.currency AND s.month = r.month AND s.status = r.status;
