CREATE TABLE "account_export_chunks" (
	"export_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "account_export_chunks_export_id_seq_pk" PRIMARY KEY("export_id","seq")
);
--> statement-breakpoint
CREATE TABLE "account_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"error" text,
	"size_bytes" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	CONSTRAINT "account_exports_status_check" CHECK ("account_exports"."status" in ('queued', 'running', 'ready', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "account_export_chunks" ADD CONSTRAINT "account_export_chunks_export_id_account_exports_id_fk" FOREIGN KEY ("export_id") REFERENCES "public"."account_exports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_export_chunks" ADD CONSTRAINT "account_export_chunks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_exports" ADD CONSTRAINT "account_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_export_chunks_user_idx" ON "account_export_chunks" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "account_exports_user_idx" ON "account_exports" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "account_exports_expires_at_idx" ON "account_exports" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "account_exports_one_open_key" ON "account_exports" USING btree ("user_id") WHERE "account_exports"."status" in ('queued', 'running');--> statement-breakpoint
-- The ZIP's chunks are PDFs (already compressed) and deflated JSON and CSV: PostgreSQL's own compression of them
-- would cost time on every write and gain nothing (docs/decisions/0053-account-export-storage-and-streaming.md).
ALTER TABLE "account_export_chunks" ALTER COLUMN "bytes" SET STORAGE EXTERNAL;
