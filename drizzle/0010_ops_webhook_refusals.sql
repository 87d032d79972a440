CREATE TABLE "ops_webhook_refusals" (
	"hour" timestamp with time zone NOT NULL,
	"plugin_id" text NOT NULL,
	"tenant_id" text NOT NULL,
	"reason" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "ops_webhook_refusals_hour_plugin_id_tenant_id_reason_pk" PRIMARY KEY("hour","plugin_id","tenant_id","reason")
);
