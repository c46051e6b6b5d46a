CREATE TABLE "invoice_reminder_state" (
	"invoice_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"next_check_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "invoice_reminders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"invoice_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"due_date" date NOT NULL,
	"stage" text NOT NULL,
	"outcome" text NOT NULL,
	"recipient" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_reminders_outcome_check" CHECK ("invoice_reminders"."outcome" in ('sent', 'no_recipient', 'notified'))
);
--> statement-breakpoint
-- Reminders are on by default for NEW invoices (docs/decisions/0050-automatic-reminders.md): the invoices that exist
-- now start paused, so this release e-mails no client about an invoice written before reminders existed; the
-- owner turns them on per invoice. A default of true for the rows already there, false from now on: no table rewrite.
ALTER TABLE "invoices" ADD COLUMN "reminders_paused" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "reminders_paused" SET DEFAULT false;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "settings" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_reminder_state" ADD CONSTRAINT "invoice_reminder_state_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_reminder_state" ADD CONSTRAINT "invoice_reminder_state_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_reminder_state_due_idx" ON "invoice_reminder_state" USING btree ("next_check_at") WHERE "invoice_reminder_state"."next_check_at" is not null;--> statement-breakpoint
CREATE INDEX "invoice_reminder_state_user_idx" ON "invoice_reminder_state" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_reminders_stage_key" ON "invoice_reminders" USING btree ("invoice_id","due_date","stage");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_reminders_overdue_key" ON "invoice_reminders" USING btree ("invoice_id") WHERE "invoice_reminders"."stage" = 'overdue';--> statement-breakpoint
CREATE INDEX "invoice_reminders_user_created_idx" ON "invoice_reminders" USING btree ("user_id","created_at");--> statement-breakpoint
-- Whenever what an invoice's reminders depend on changes (status, due and issued dates, total, pause), the scheduler
-- looks at it again at its next pass: next_check_at becomes now() (null once it is neither sent nor overdue). One
-- trigger for every writer (saves, the status menu, payments, sending), so none can leave a stale date behind; the
-- exact next day is computed by the scheduler with the domain's reminderPlan. The WHEN clauses name stored columns
-- only (amount_due_minor is generated and may be redefined).
CREATE FUNCTION invoice_reminder_recheck() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status IN ('sent', 'overdue') THEN
    INSERT INTO invoice_reminder_state (invoice_id, user_id, next_check_at)
    VALUES (NEW.id, NEW.user_id, now())
    ON CONFLICT (invoice_id) DO UPDATE SET next_check_at = now();
  ELSE
    UPDATE invoice_reminder_state SET next_check_at = NULL
     WHERE invoice_id = NEW.id AND next_check_at IS NOT NULL;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER invoice_reminder_insert AFTER INSERT ON invoices FOR EACH ROW
  WHEN (NEW.status IN ('sent', 'overdue')) EXECUTE FUNCTION invoice_reminder_recheck();--> statement-breakpoint
CREATE TRIGGER invoice_reminder_update AFTER UPDATE ON invoices FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.due_date IS DISTINCT FROM NEW.due_date
     OR OLD.issued_date IS DISTINCT FROM NEW.issued_date OR OLD.total_minor IS DISTINCT FROM NEW.total_minor
     OR OLD.reminders_paused IS DISTINCT FROM NEW.reminders_paused)
  EXECUTE FUNCTION invoice_reminder_recheck();--> statement-breakpoint
-- The owner's "became overdue" notice is for invoices that become overdue from now on: those already past due are
-- recorded as told, so the first pass does not send a notification for each of them at once.
INSERT INTO invoice_reminders (invoice_id, user_id, due_date, stage, outcome)
SELECT id, user_id, due_date, 'overdue', 'notified' FROM invoices
 WHERE status = 'sent' AND due_date < (now() AT TIME ZONE 'UTC')::date;--> statement-breakpoint
-- Every sent or overdue invoice is looked at by the first pass (which stores its next date).
INSERT INTO invoice_reminder_state (invoice_id, user_id, next_check_at)
SELECT id, user_id, now() FROM invoices WHERE status IN ('sent', 'overdue');
