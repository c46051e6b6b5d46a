-- Secrets the server makes for itself and every process shares (ADR 0013): the key that signs the
-- sign-in device cookies. No user data; rows are created by the server on first use.
CREATE TABLE "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"secret" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
