ALTER TABLE "import_lines" ADD COLUMN "new_payment_confirmed_by" text;--> statement-breakpoint
ALTER TABLE "import_lines" ADD COLUMN "new_payment_confirmed_at" timestamp with time zone;