ALTER TABLE "imports" ADD COLUMN "statement_account" text;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "statement_owner" text;