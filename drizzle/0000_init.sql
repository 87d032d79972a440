CREATE TABLE "access_tokens" (
	"user_id" text NOT NULL,
	"tenant_id" text NOT NULL,
	"plugin_id" text NOT NULL,
	"company_name" text,
	"key_id" text NOT NULL,
	"sealed_token" text NOT NULL,
	"delivered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"invalidated_at" timestamp with time zone,
	CONSTRAINT "access_tokens_user_id_tenant_id_plugin_id_pk" PRIMARY KEY("user_id","tenant_id","plugin_id")
);
--> statement-breakpoint
CREATE TABLE "launch_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"tenant_ids" text[] NOT NULL,
	"plugin_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"tenant_ids" text[] NOT NULL,
	"plugin_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "used_jwt_ids" (
	"jti" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "launch_codes_user_plugin_created_idx" ON "launch_codes" USING btree ("user_id","plugin_id","created_at");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");