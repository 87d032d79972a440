CREATE TABLE "mirror_catalog_items" (
	"plugin_id" text NOT NULL,
	"tenant_id" text NOT NULL,
	"item_code" text NOT NULL,
	"name" text,
	"item_code_folded" text NOT NULL,
	"name_folded" text,
	"ean" text,
	"unit" text,
	"quantity" numeric DEFAULT '0' NOT NULL,
	"quantities" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_modified" text,
	"record" jsonb NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mirror_catalog_items_plugin_id_tenant_id_item_code_pk" PRIMARY KEY("plugin_id","tenant_id","item_code")
);
--> statement-breakpoint
CREATE TABLE "mirror_payments" (
	"plugin_id" text NOT NULL,
	"tenant_id" text NOT NULL,
	"id" text NOT NULL,
	"account_id" text,
	"payment_date" date,
	"amount" numeric,
	"currency" text,
	"variable_symbol" text,
	"partner_name" text,
	"partner_name_folded" text,
	"iban" text,
	"reference" text,
	"external_id" text,
	"document_numbers" text,
	"last_modified" text,
	"record" jsonb NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mirror_payments_plugin_id_tenant_id_id_pk" PRIMARY KEY("plugin_id","tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "stock_minimums" (
	"plugin_id" text NOT NULL,
	"tenant_id" text NOT NULL,
	"item_code" text NOT NULL,
	"warehouse" text DEFAULT '' NOT NULL,
	"minimum" numeric NOT NULL,
	"set_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_minimums_plugin_id_tenant_id_item_code_warehouse_pk" PRIMARY KEY("plugin_id","tenant_id","item_code","warehouse")
);
--> statement-breakpoint
ALTER TABLE "mirror_documents" ADD COLUMN "amount_due" numeric;--> statement-breakpoint
ALTER TABLE "mirror_documents" ADD COLUMN "partner_key" text;--> statement-breakpoint
CREATE INDEX "mirror_catalog_items_search_idx" ON "mirror_catalog_items" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "mirror_payments_date_idx" ON "mirror_payments" USING btree ("plugin_id","tenant_id","payment_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "mirror_payments_account_idx" ON "mirror_payments" USING btree ("plugin_id","tenant_id","account_id","payment_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "mirror_payments_external_idx" ON "mirror_payments" USING btree ("plugin_id","tenant_id","external_id");--> statement-breakpoint
CREATE INDEX "mirror_payments_search_idx" ON "mirror_payments" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "mirror_documents_partner_idx" ON "mirror_documents" USING btree ("plugin_id","tenant_id","partner_key");--> statement-breakpoint
-- The documents' new columns (amount_due, partner_key) are filled by the sync: dropping the cursors makes the next
-- incremental sync of every company read each kind whole and rewrite every row (the copy is served meanwhile).
UPDATE "mirror_companies" SET "cursors" = '{}'::jsonb;
