CREATE TABLE "data_api_budgets" (
	"token_key" text PRIMARY KEY NOT NULL,
	"slots" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"paused_until" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
