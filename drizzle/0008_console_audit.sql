CREATE TABLE "console_audit" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "console_audit_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"operator" text NOT NULL,
	"action" text NOT NULL,
	"target" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"result" text NOT NULL,
	"reason" text
);
--> statement-breakpoint
CREATE INDEX "console_audit_at_idx" ON "console_audit" USING btree ("at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "console_audit_operator_idx" ON "console_audit" USING btree ("operator");