CREATE TABLE "import_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"import_id" uuid NOT NULL,
	"plugin_id" text NOT NULL,
	"tenant_id" text NOT NULL,
	"kind" text NOT NULL,
	"sender" text NOT NULL,
	"line_count" integer DEFAULT 0 NOT NULL,
	"lines" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"body_digest" text,
	"sent_at" timestamp with time zone,
	"outcome" text DEFAULT 'pending' NOT NULL,
	"status" integer,
	"request_id" text,
	"refusal" jsonb,
	"answered_at" timestamp with time zone,
	"resend_after" timestamp with time zone,
	"next_check_at" timestamp with time zone,
	"checks" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_lines" (
	"import_id" uuid NOT NULL,
	"line" text NOT NULL,
	"position" integer NOT NULL,
	"plugin_id" text NOT NULL,
	"tenant_id" text NOT NULL,
	"kind" text NOT NULL,
	"state" text NOT NULL,
	"previous_state" text,
	"external_id" varchar(50),
	"payload" jsonb,
	"display" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"document" jsonb,
	"problems" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"batch_id" uuid,
	"request_id" text,
	"result" jsonb,
	"sent_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_lines_import_id_line_pk" PRIMARY KEY("import_id","line")
);
--> statement-breakpoint
CREATE TABLE "import_senders" (
	"plugin_id" text NOT NULL,
	"tenant_id" text NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "import_senders_plugin_id_tenant_id_pk" PRIMARY KEY("plugin_id","tenant_id")
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plugin_id" text NOT NULL,
	"tenant_id" text NOT NULL,
	"kind" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"file_name" text NOT NULL,
	"file_digest" text NOT NULL,
	"account_id" text,
	"stopped_at" timestamp with time zone,
	"stop_reason" text
);
--> statement-breakpoint
ALTER TABLE "import_batches" ADD CONSTRAINT "import_batches_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_lines" ADD CONSTRAINT "import_lines_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_batches_company_idx" ON "import_batches" USING btree ("plugin_id","tenant_id","outcome");--> statement-breakpoint
CREATE INDEX "import_batches_import_idx" ON "import_batches" USING btree ("import_id");--> statement-breakpoint
CREATE INDEX "import_lines_position_idx" ON "import_lines" USING btree ("import_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "import_lines_held_external_id_idx" ON "import_lines" USING btree ("plugin_id","tenant_id","kind","external_id") WHERE state in ('queued', 'sent', 'done', 'problem');--> statement-breakpoint
CREATE INDEX "import_lines_on_their_way_idx" ON "import_lines" USING btree ("plugin_id","tenant_id","state") WHERE state in ('queued', 'sent');--> statement-breakpoint
CREATE INDEX "import_lines_batch_idx" ON "import_lines" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "import_lines_queued_idx" ON "import_lines" USING btree ("import_id","position") WHERE state = 'queued' and batch_id is null;--> statement-breakpoint
CREATE INDEX "imports_company_created_idx" ON "imports" USING btree ("plugin_id","tenant_id","created_at" DESC NULLS LAST);