CREATE TABLE "ops_data_api_usage" (
	"hour" timestamp with time zone NOT NULL,
	"plugin_id" text NOT NULL,
	"tenant_id" text NOT NULL,
	"priority" text NOT NULL,
	"outcome" text NOT NULL,
	"calls" integer NOT NULL,
	"rate_limited" integer NOT NULL,
	"wait_ms_sum" bigint NOT NULL,
	"wait_buckets" integer[] NOT NULL,
	CONSTRAINT "ops_data_api_usage_hour_plugin_id_tenant_id_priority_outcome_pk" PRIMARY KEY("hour","plugin_id","tenant_id","priority","outcome")
);
--> statement-breakpoint
CREATE TABLE "ops_launch_counts" (
	"hour" timestamp with time zone NOT NULL,
	"step" text NOT NULL,
	"outcome" text NOT NULL,
	"reason" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "ops_launch_counts_hour_step_outcome_reason_pk" PRIMARY KEY("hour","step","outcome","reason")
);
