ALTER TABLE "idempotency_keys" ADD COLUMN "heartbeat_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
ALTER TABLE "lease_applications" ADD COLUMN "submit_key" text;