CREATE TABLE "invoice_activity" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"invoice_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_links" (
	"invoice_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text,
	"token_sealed" "bytea",
	"link_created_at" timestamp with time zone,
	"first_viewed_at" timestamp with time zone,
	"last_viewed_at" timestamp with time zone,
	"view_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_links_token_check" CHECK (("invoice_links"."token_hash" is null) = ("invoice_links"."token_sealed" is null) and ("invoice_links"."token_hash" is null) = ("invoice_links"."link_created_at" is null)),
	CONSTRAINT "invoice_links_views_check" CHECK ("invoice_links"."view_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "invoice_activity" ADD CONSTRAINT "invoice_activity_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_activity" ADD CONSTRAINT "invoice_activity_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_links" ADD CONSTRAINT "invoice_links_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_links" ADD CONSTRAINT "invoice_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_activity_invoice_created_idx" ON "invoice_activity" USING btree ("invoice_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "invoice_activity_user_idx" ON "invoice_activity" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_links_token_hash_key" ON "invoice_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "invoice_links_user_idx" ON "invoice_links" USING btree ("user_id");