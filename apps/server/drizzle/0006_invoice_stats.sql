-- Per-user aggregate of invoices (ADR 0010): invoice_stats counts and sums the user's invoices by
-- currency, month and stored status, kept by statement-level triggers on invoices in the same
-- transaction as every write (whatever the write path: routes, cascades, hand-written SQL), and
-- backfilled here from the existing rows. The list's totals and the dashboard read it instead of
-- every invoice. (user_id, status, due_date) gives way to a partial index of the stored-sent
-- invoices by due date (the overdue split); the dashboard's currency index keeps only the newest-4 order.
-- The primary key INCLUDEs the figures (Drizzle cannot declare that): a user's rows are read as an
-- index-only scan, not one heap page per row.
CREATE TABLE "invoice_stats" (
	"user_id" uuid NOT NULL,
	"currency" char(3) NOT NULL,
	"month" date NOT NULL,
	"status" text NOT NULL,
	"invoice_count" integer NOT NULL,
	"total_minor" bigint NOT NULL,
	CONSTRAINT "invoice_stats_user_id_currency_month_status_pk" PRIMARY KEY("user_id","currency","month","status") INCLUDE ("invoice_count","total_minor")
);
--> statement-breakpoint
DROP INDEX "invoices_user_status_due_idx";--> statement-breakpoint
DROP INDEX "invoices_user_currency_created_idx";--> statement-breakpoint
ALTER TABLE "invoice_stats" ADD CONSTRAINT "invoice_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_user_sent_due_idx" ON "invoices" USING btree ("user_id","due_date","currency") WHERE "invoices"."status" = 'sent';--> statement-breakpoint
CREATE INDEX "invoices_user_currency_created_idx" ON "invoices" USING btree ("user_id","currency","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- The month an invoice counts in: its issued date's, else its created date's in UTC (as the
-- dashboard's chart places it). Immutable: a timestamp without time zone, whatever the session's.
CREATE FUNCTION invoice_stats_month(issued date, created timestamptz) RETURNS date
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN date_trunc('month', coalesce(issued, (created AT TIME ZONE 'UTC')::date)::timestamp)::date;--> statement-breakpoint
-- One delta per (user, currency, month, status) for the whole statement, applied in key order (two
-- transactions touching the same groups lock them in the same order: no deadlock), then the groups
-- left empty are removed. A user being deleted takes its rows with it (cascade): its invoices'
-- deltas are skipped rather than written back for a user that no longer exists.
CREATE FUNCTION invoice_stats_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO invoice_stats AS s (user_id, currency, month, status, invoice_count, total_minor)
    SELECT n.user_id, n.currency, invoice_stats_month(n.issued_date, n.created_at), n.status, count(*), sum(n.total_minor)
      FROM new_rows n
     GROUP BY 1, 2, 3, 4
     ORDER BY 1, 2, 3, 4
    ON CONFLICT (user_id, currency, month, status) DO UPDATE
       SET invoice_count = s.invoice_count + excluded.invoice_count,
           total_minor = s.total_minor + excluded.total_minor;
    RETURN NULL;
  END IF;

  IF TG_OP = 'UPDATE' THEN
    INSERT INTO invoice_stats AS s (user_id, currency, month, status, invoice_count, total_minor)
    SELECT d.user_id, d.currency, d.month, d.status, d.n, d.total
      FROM (SELECT c.user_id, c.currency, c.month, c.status, sum(c.n)::int AS n, sum(c.total)::bigint AS total
              FROM (SELECT o.user_id, o.currency, invoice_stats_month(o.issued_date, o.created_at) AS month, o.status,
                           -1 AS n, -o.total_minor AS total
                      FROM old_rows o
                    UNION ALL
                    SELECT n.user_id, n.currency, invoice_stats_month(n.issued_date, n.created_at), n.status,
                           1, n.total_minor
                      FROM new_rows n) c
             GROUP BY 1, 2, 3, 4
            HAVING sum(c.n) <> 0 OR sum(c.total) <> 0) d
     WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = d.user_id)
     ORDER BY 1, 2, 3, 4
    ON CONFLICT (user_id, currency, month, status) DO UPDATE
       SET invoice_count = s.invoice_count + excluded.invoice_count,
           total_minor = s.total_minor + excluded.total_minor;
  ELSE
    INSERT INTO invoice_stats AS s (user_id, currency, month, status, invoice_count, total_minor)
    SELECT d.user_id, d.currency, d.month, d.status, d.n, d.total
      FROM (SELECT o.user_id, o.currency, invoice_stats_month(o.issued_date, o.created_at) AS month, o.status,
                   -count(*)::int AS n, -sum(o.total_minor)::bigint AS total
              FROM old_rows o
             GROUP BY 1, 2, 3, 4) d
     WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = d.user_id)
     ORDER BY 1, 2, 3, 4
    ON CONFLICT (user_id, currency, month, status) DO UPDATE
       SET invoice_count = s.invoice_count + excluded.invoice_count,
           total_minor = s.total_minor + excluded.total_minor;
  END IF;

  DELETE FROM invoice_stats s
   USING (SELECT DISTINCT o.user_id, o.currency, invoice_stats_month(o.issued_date, o.created_at) AS month, o.status
            FROM old_rows o) k
   WHERE s.user_id = k.user_id AND s.currency = k.currency AND s.month = k.month AND s.status = k.status
     AND s.invoice_count = 0;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION invoice_stats_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM invoice_stats;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Transition tables allow one event per trigger: three triggers, one function.
CREATE TRIGGER invoice_stats_insert AFTER INSERT ON invoices
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION invoice_stats_apply();--> statement-breakpoint
CREATE TRIGGER invoice_stats_update AFTER UPDATE ON invoices
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION invoice_stats_apply();--> statement-breakpoint
CREATE TRIGGER invoice_stats_delete AFTER DELETE ON invoices
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION invoice_stats_apply();--> statement-breakpoint
CREATE TRIGGER invoice_stats_truncate AFTER TRUNCATE ON invoices
  FOR EACH STATEMENT EXECUTE FUNCTION invoice_stats_truncate();--> statement-breakpoint
-- Backfill: the triggers above already hold invoices against writes until this transaction commits.
INSERT INTO invoice_stats (user_id, currency, month, status, invoice_count, total_minor)
SELECT user_id, currency, invoice_stats_month(issued_date, created_at), status, count(*), sum(total_minor)
  FROM invoices
 GROUP BY 1, 2, 3, 4;
