DROP INDEX "outbox_due_idx";--> statement-breakpoint
ALTER TABLE "outbox" DROP COLUMN "next_attempt_at";--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "job_id" uuid;