CREATE TABLE "consent_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"state_hash" text NOT NULL,
	"response_mode" text NOT NULL,
	"company_mode" text NOT NULL,
	"session_id" text NOT NULL,
	"user_id" text NOT NULL,
	"plugin_id" text NOT NULL,
	"tenant_ids" text[] NOT NULL,
	"started_for" text NOT NULL,
	"webhook_id" text NOT NULL,
	"key_id" text NOT NULL,
	"sealed_state" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"completed_at" timestamp with time zone,
	"outcome" jsonb,
	"next_poll_at" timestamp with time zone DEFAULT now() NOT NULL,
	"poll_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "consent_requests_state_hash_unique" UNIQUE("state_hash")
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"webhook_id" text NOT NULL,
	"event_key" text NOT NULL,
	"user_id" text NOT NULL,
	"plugin_id" text NOT NULL,
	"tenant_ids" text[] NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_events_webhook_id_event_key_pk" PRIMARY KEY("webhook_id","event_key")
);
--> statement-breakpoint
ALTER TABLE "access_tokens" ADD COLUMN "source" text DEFAULT 'gateway' NOT NULL;--> statement-breakpoint
ALTER TABLE "access_tokens" ADD COLUMN "webhook_id" text;--> statement-breakpoint
ALTER TABLE "access_tokens" ADD COLUMN "sealed_webhook_secret" text;--> statement-breakpoint
CREATE INDEX "consent_requests_user_idx" ON "consent_requests" USING btree ("user_id","plugin_id","created_at");--> statement-breakpoint
CREATE INDEX "consent_requests_expires_idx" ON "consent_requests" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "webhook_events_user_idx" ON "webhook_events" USING btree ("user_id","plugin_id","received_at");--> statement-breakpoint
CREATE INDEX "webhook_events_received_idx" ON "webhook_events" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "access_tokens_webhook_idx" ON "access_tokens" USING btree ("webhook_id");