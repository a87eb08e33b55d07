ALTER TABLE "income_verifications" ADD COLUMN "request_id" text;--> statement-breakpoint
ALTER TABLE "income_verifications" ADD COLUMN "report_storage_key" text;--> statement-breakpoint
ALTER TABLE "income_verifications" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "income_verifications" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "income_verifications" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "integration_customers" ADD COLUMN "first_name" text;--> statement-breakpoint
ALTER TABLE "integration_customers" ADD COLUMN "last_name" text;--> statement-breakpoint
ALTER TABLE "integration_customers" ADD COLUMN "unit" text;--> statement-breakpoint
ALTER TABLE "lease_applications" ADD COLUMN "current_step" text;--> statement-breakpoint
ALTER TABLE "lease_applications" ADD COLUMN "fee_amount" bigint;--> statement-breakpoint
ALTER TABLE "lease_applications" ADD COLUMN "fee_transaction_id" text;--> statement-breakpoint
ALTER TABLE "lease_applications" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lease_applications" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lease_applications" ADD COLUMN "decided_by" text;--> statement-breakpoint
ALTER TABLE "lease_applications" ADD COLUMN "decision_comment" text;--> statement-breakpoint
ALTER TABLE "lease_applications" ADD COLUMN "lease_id" text;--> statement-breakpoint
ALTER TABLE "lease_applications" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "property_leases" ADD COLUMN "origin" text;--> statement-breakpoint
ALTER TABLE "property_leases" ADD COLUMN "application_id" text;--> statement-breakpoint
ALTER TABLE "property_leases" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "screenings" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "screenings" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "screenings" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "income_verifications_application_uq" ON "income_verifications" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "lease_applications_status_idx" ON "lease_applications" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "screenings_application_type_uq" ON "screenings" USING btree ("application_id","type");