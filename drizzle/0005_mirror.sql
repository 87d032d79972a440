CREATE TABLE "mirror_companies" (
	"plugin_id" text NOT NULL,
	"tenant_id" text NOT NULL,
	"status" text DEFAULT 'never' NOT NULL,
	"full_synced_at" timestamp with time zone,
	"last_synced_at" timestamp with time zone,
	"cursors" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"progress" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"reconciled_at" timestamp with time zone,
	"last_error_kind" text,
	"last_error_at" timestamp with time zone,
	"next_try_at" timestamp with time zone,
	"last_opened_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mirror_companies_plugin_id_tenant_id_pk" PRIMARY KEY("plugin_id","tenant_id")
);
--> statement-breakpoint
CREATE TABLE "mirror_documents" (
	"plugin_id" text NOT NULL,
	"tenant_id" text NOT NULL,
	"kind" text NOT NULL,
	"id" text NOT NULL,
	"document_number" text,
	"issue_date" date,
	"due_date" date,
	"partner_name" text,
	"partner_ids" text,
	"currency" text,
	"total_excl_vat" numeric,
	"total_incl_vat" numeric,
	"total_incl_vat_currency" numeric,
	"payment_status" smallint,
	"last_modified" text,
	"record" jsonb NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mirror_documents_plugin_id_tenant_id_kind_id_pk" PRIMARY KEY("plugin_id","tenant_id","kind","id")
);
--> statement-breakpoint
CREATE TABLE "mirror_reference" (
	"plugin_id" text NOT NULL,
	"tenant_id" text NOT NULL,
	"kind" text NOT NULL,
	"data" jsonb NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mirror_reference_plugin_id_tenant_id_kind_pk" PRIMARY KEY("plugin_id","tenant_id","kind")
);
--> statement-breakpoint
CREATE INDEX "mirror_documents_issue_idx" ON "mirror_documents" USING btree ("plugin_id","tenant_id","kind","issue_date" DESC NULLS LAST);