CREATE TABLE "company_alerts_seen" (
	"customer_id" text NOT NULL,
	"company_id" text NOT NULL,
	"alert" text NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_alerts_seen_customer_id_company_id_alert_pk" PRIMARY KEY("customer_id","company_id","alert")
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "alert_payment_method_reentry" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "alert_service_fee_change" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "company_alerts_seen" ADD CONSTRAINT "company_alerts_seen_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_alerts_seen" ADD CONSTRAINT "company_alerts_seen_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;