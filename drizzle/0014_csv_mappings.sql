CREATE TABLE "import_csv_mappings" (
	"plugin_id" text NOT NULL,
	"tenant_id" text NOT NULL,
	"account_id" text NOT NULL,
	"mapping" jsonb NOT NULL,
	"confirmed_by" text NOT NULL,
	"confirmed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_csv_mappings_plugin_id_tenant_id_account_id_pk" PRIMARY KEY("plugin_id","tenant_id","account_id")
);
