CREATE TABLE "credit_report_files" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"period" text NOT NULL,
	"content" text NOT NULL,
	"record_count" integer NOT NULL,
	"status" text DEFAULT 'BUILT' NOT NULL,
	"bureau_answer" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "credit_report_terms" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"subscription_id" text NOT NULL,
	"term_number" integer NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"fee_cents" bigint NOT NULL,
	"transaction_id" text,
	"status" text DEFAULT 'CLAIMED' NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insurance_quotes" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"user_id" text NOT NULL,
	"lease_id" text NOT NULL,
	"partner" text NOT NULL,
	"partner_quote_ref" text NOT NULL,
	"link" text NOT NULL,
	"currency" text NOT NULL,
	"monthly_cents" bigint,
	"yearly_cents" bigint,
	"status" text DEFAULT 'QUOTED' NOT NULL,
	"policy_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_insurance_partner_quotes" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"partner" text NOT NULL,
	"request" jsonb NOT NULL,
	"monthly_cents" bigint NOT NULL,
	"yearly_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"policy_number" text,
	"purchased_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracking_events" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"user_id" text NOT NULL,
	"event" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "insurance_integration" jsonb;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "microlending_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "neobank_promotion_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_report_subscriptions" ADD COLUMN "start_date" date;--> statement-breakpoint
ALTER TABLE "credit_report_subscriptions" ADD COLUMN "status_reason" text;--> statement-breakpoint
ALTER TABLE "credit_report_subscriptions" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "credit_report_subscriptions" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_reports" ADD COLUMN "file_id" text;--> statement-breakpoint
ALTER TABLE "credit_reports" ADD COLUMN "account_status" text;--> statement-breakpoint
ALTER TABLE "credit_reports" ADD COLUMN "payment_rating" text;--> statement-breakpoint
ALTER TABLE "credit_reports" ADD COLUMN "scheduled_payment_cents" bigint;--> statement-breakpoint
ALTER TABLE "credit_reports" ADD COLUMN "status" text DEFAULT 'SENT' NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_reports" ADD COLUMN "result_code" text;--> statement-breakpoint
ALTER TABLE "credit_reports" ADD COLUMN "result_message" text;--> statement-breakpoint
ALTER TABLE "insurance_policies" ADD COLUMN "quote_id" text;--> statement-breakpoint
ALTER TABLE "insurance_policies" ADD COLUMN "provider_url" text;--> statement-breakpoint
ALTER TABLE "insurance_policies" ADD COLUMN "monthly_cost_cents" bigint;--> statement-breakpoint
ALTER TABLE "insurance_policies" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "insurance_policies" ADD COLUMN "reviewed_by" text;--> statement-breakpoint
ALTER TABLE "insurance_policies" ADD COLUMN "terminated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "credit_report_terms" ADD CONSTRAINT "credit_report_terms_subscription_id_credit_report_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."credit_report_subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_quotes" ADD CONSTRAINT "insurance_quotes_lease_id_property_leases_id_fk" FOREIGN KEY ("lease_id") REFERENCES "public"."property_leases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_report_files_period_uq" ON "credit_report_files" USING btree ("period");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_report_terms_uq" ON "credit_report_terms" USING btree ("subscription_id","term_number");--> statement-breakpoint
CREATE INDEX "insurance_quotes_user_idx" ON "insurance_quotes" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "insurance_quotes_partner_ref_uq" ON "insurance_quotes" USING btree ("partner","partner_quote_ref");--> statement-breakpoint
CREATE INDEX "tracking_events_event_idx" ON "tracking_events" USING btree ("event","created_at");--> statement-breakpoint
CREATE INDEX "credit_report_subscriptions_user_idx" ON "credit_report_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_report_subscriptions_live_uq" ON "credit_report_subscriptions" USING btree ("user_id","billing_account_id") WHERE status IN ('ACTIVE', 'UNSUBSCRIBED', 'SUSPENDED');--> statement-breakpoint
CREATE UNIQUE INDEX "credit_reports_subscription_month_uq" ON "credit_reports" USING btree ("subscription_id","reported_month");--> statement-breakpoint
CREATE INDEX "insurance_policies_user_idx" ON "insurance_policies" USING btree ("user_id");