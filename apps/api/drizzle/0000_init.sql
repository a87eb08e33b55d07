CREATE TABLE "addresses" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"user_id" text NOT NULL,
	"user_type" text DEFAULT 'TYPE_CUSTOMER' NOT NULL,
	"address_type" text DEFAULT 'BILLING' NOT NULL,
	"suite" text,
	"street1" text NOT NULL,
	"street2" text,
	"city" text NOT NULL,
	"province" text,
	"postal_code" text NOT NULL,
	"country" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_events" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"record_type" text NOT NULL,
	"record_id" text NOT NULL,
	"action" text NOT NULL,
	"changes" jsonb,
	"actor_id" text,
	"actor_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "broadcast_messages" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"severity" text NOT NULL,
	"message_en" text NOT NULL,
	"message_fr" text NOT NULL,
	"company_id" text,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cash_slips" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"user_id" text NOT NULL,
	"billing_account_id" text,
	"token" text NOT NULL,
	"amount" bigint NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "charge_allocations" (
	"transaction_id" text NOT NULL,
	"open_charge_id" text NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "charge_allocations_transaction_id_open_charge_id_pk" PRIMARY KEY("transaction_id","open_charge_id")
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"parent_id" text,
	"name" text NOT NULL,
	"landlord_id" text,
	"country" text NOT NULL,
	"overpayment_allowed" text DEFAULT 'NO' NOT NULL,
	"manage_balance" text DEFAULT 'YES' NOT NULL,
	"only_pm_payment_allowed" text DEFAULT 'NO' NOT NULL,
	"enforce_custom_amount" boolean DEFAULT false NOT NULL,
	"block_partial_payments" boolean DEFAULT false NOT NULL,
	"display_charge_codes" boolean DEFAULT false NOT NULL,
	"charge_codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"soft_maximum_payment_amount" bigint,
	"create_bank_account_from_plaid_required" boolean DEFAULT false NOT NULL,
	"accepted_payment_types" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"service_credit_reporting" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"custom_card" jsonb,
	"concierge_enabled" boolean DEFAULT false NOT NULL,
	"integration_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "corporate_users" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"type" text NOT NULL,
	"company_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_report_subscriptions" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"user_id" text NOT NULL,
	"billing_account_id" text NOT NULL,
	"status" text NOT NULL,
	"subscription_date" date,
	"expiry_date" date,
	"fee_amount" bigint DEFAULT 0 NOT NULL,
	"auto_renew" boolean DEFAULT true NOT NULL,
	"payment_method_type" text,
	"payment_method_id" text,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_reports" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"subscription_id" text NOT NULL,
	"reported_month" text NOT NULL,
	"amount_reported" bigint DEFAULT 0 NOT NULL,
	"score" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"birth_date" date,
	"phone" text,
	"phone_metadata" jsonb,
	"phone_status" text,
	"alternate_phone" text,
	"language_code" text DEFAULT 'en' NOT NULL,
	"preferred_contact_method" text,
	"mute_text_message_notification" boolean DEFAULT false NOT NULL,
	"text_message_notification_muted_by" text,
	"acknowledged_terms" boolean DEFAULT false NOT NULL,
	"acknowledged_terms_at" timestamp with time zone,
	"country" text DEFAULT 'CA' NOT NULL,
	"account_type" text,
	"signup_page" text,
	"origin_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"owner_type" text NOT NULL,
	"owner_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"record_type" text NOT NULL,
	"record_id" text NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"size" integer NOT NULL,
	"mime_type" text NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fee_profiles" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" text,
	"service" text,
	"country" text,
	"payment_type" text NOT NULL,
	"card_type" text,
	"card_brand" text,
	"wallet_type" text,
	"processor" text,
	"pad_schedule" boolean,
	"fee_rate" numeric(12, 4) NOT NULL,
	"rate_type" text NOT NULL,
	"fee_type" text,
	"international_fee_rate" numeric(12, 4),
	"international_rate_type" text,
	"paid_by_company" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"key" text NOT NULL,
	"user_id" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "income_verifications" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"application_id" text NOT NULL,
	"status" text NOT NULL,
	"current_balance" bigint,
	"monthly_payroll_income" bigint,
	"monthly_income" bigint,
	"monthly_income_transfers" bigint,
	"overdraft_days" integer,
	"nsf" integer,
	"debt_transactions_count" integer,
	"pdf_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insurance_policies" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"user_id" text NOT NULL,
	"lease_id" text NOT NULL,
	"carrier_name" text,
	"first_name" text,
	"last_name" text,
	"start_date" date,
	"end_date" date,
	"effective_date" date,
	"policy_identifier" text NOT NULL,
	"policy_provider" text NOT NULL,
	"status" text DEFAULT 'NEW' NOT NULL,
	"approval_status" text DEFAULT 'PENDING' NOT NULL,
	"approval_status_comment" text,
	"insurance_external" boolean DEFAULT true NOT NULL,
	"insurance_terminated" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integration_customers" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"integration_id" text NOT NULL,
	"email" text,
	"customer_number" text NOT NULL,
	"external_property_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integrations" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"integration_type" text NOT NULL,
	"company_id" text,
	"name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lease_application_pages" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"name" text NOT NULL,
	"company_id" text NOT NULL,
	"sections" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"custom_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"application_fee_amount" bigint DEFAULT 0 NOT NULL,
	"credit_report_enabled" boolean DEFAULT false NOT NULL,
	"background_check_enabled" boolean DEFAULT false NOT NULL,
	"identity_verification_enabled" boolean DEFAULT false NOT NULL,
	"income_verification_enabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lease_applications" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"type" text DEFAULT 'TYPE_LEASE_APPLICATION' NOT NULL,
	"status" text DEFAULT 'NOT_STARTED' NOT NULL,
	"customer_id" text NOT NULL,
	"page_name" text,
	"property_id" text,
	"company_id" text,
	"existing_tenant" boolean DEFAULT false NOT NULL,
	"acknowledged_terms" boolean DEFAULT false NOT NULL,
	"phone" text,
	"first_name" text,
	"middle_name" text,
	"last_name" text,
	"email" text,
	"birth_date" date,
	"sin_last3" text,
	"other_info" jsonb,
	"addresses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"other_occupants" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"employment" jsonb,
	"reference_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"emergency_contact" jsonb,
	"custom_fields" jsonb,
	"default_fields" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "on_boarding_pages" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"name" text NOT NULL,
	"company_id" text NOT NULL,
	"auto_approval" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "open_charges" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"billing_account_id" text NOT NULL,
	"billing_account_type" text DEFAULT 'TYPE_PROPERTY_LEASE' NOT NULL,
	"code" text,
	"name" text NOT NULL,
	"due_date" date NOT NULL,
	"post_month" date,
	"amount" bigint NOT NULL,
	"balance" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"user_id" text NOT NULL,
	"user_type" text DEFAULT 'TYPE_CUSTOMER' NOT NULL,
	"type" text NOT NULL,
	"country" text,
	"processor_token" text,
	"brand" text,
	"card_type" text,
	"last4" text,
	"expiry_month" integer,
	"expiry_year" integer,
	"name_on_card" text,
	"billing_address_id" text,
	"routing_number" text,
	"institution_number" text,
	"transit_number" text,
	"account_holder" text,
	"bank_name" text,
	"wallet_type" text,
	"wallet_token" text,
	"wallet_validation_url" text,
	"expire_in" timestamp with time zone,
	"email" text,
	"agreement_id" text,
	"installments" integer,
	"terms_and_conditions_url" text,
	"accepted_terms_and_conditions" boolean,
	"funding_method_id" text,
	"installment_details" jsonb,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_transactions" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"user_id" text NOT NULL,
	"user_type" text DEFAULT 'TYPE_CUSTOMER' NOT NULL,
	"billing_account_id" text,
	"billing_account_type" text DEFAULT 'TYPE_PROPERTY_LEASE',
	"property_id" text,
	"company_id" text,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"transaction_type" text DEFAULT 'PAYMENT' NOT NULL,
	"source" text,
	"payment_provider_id" text,
	"confirmation_id" text,
	"payment_method_type" text,
	"payment_method_id" text,
	"card_brand" text,
	"last4" text,
	"fee_amount" bigint DEFAULT 0 NOT NULL,
	"fee_type" text,
	"fee_paid_by_company" boolean DEFAULT false NOT NULL,
	"charges" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"note" text,
	"hosted_payment_page_id" text,
	"error" text,
	"parent_transaction_id" text,
	"recurring_schedule_id" text,
	"idempotency_key" text,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "properties" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" text NOT NULL,
	"property_name" text NOT NULL,
	"street1" text NOT NULL,
	"street2" text,
	"city" text NOT NULL,
	"province" text NOT NULL,
	"country" text NOT NULL,
	"postal_code" text NOT NULL,
	"category" text DEFAULT 'RESIDENTIAL' NOT NULL,
	"property_identifier" text,
	"custom_card" jsonb,
	"accepted_payment_types" jsonb,
	"monevo_integration" jsonb,
	"paypal_credit_integration" jsonb,
	"insurance_integration" jsonb,
	"service_urcsi" jsonb,
	"service_neofinancial" jsonb,
	"pay_by_text_enabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "property_leases" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"unit" text,
	"user_id" text NOT NULL,
	"user_type" text DEFAULT 'TYPE_CUSTOMER' NOT NULL,
	"property_id" text NOT NULL,
	"company_id" text NOT NULL,
	"account_id" text,
	"residency_type" text,
	"start_date" date,
	"end_date" date,
	"tenant_notes" text,
	"monthly_payment_due_day" integer DEFAULT 1 NOT NULL,
	"require_auto_pay" boolean DEFAULT false NOT NULL,
	"charges" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"services" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"block_payments" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"block_partial_payments" boolean DEFAULT false NOT NULL,
	"accept_installment_pay" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recurring_payments" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"recurring_schedule_id" text NOT NULL,
	"period" text NOT NULL,
	"scheduled_date" date NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"amount" bigint NOT NULL,
	"charges" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"transaction_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recurring_schedules" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"recurrence_type" text DEFAULT 'MONTHLY' NOT NULL,
	"user_type" text DEFAULT 'TYPE_CUSTOMER' NOT NULL,
	"user_id" text NOT NULL,
	"billing_account_id" text NOT NULL,
	"billing_account_type" text DEFAULT 'TYPE_PROPERTY_LEASE' NOT NULL,
	"payment_method_id" text,
	"payment_method_type" text,
	"start_date" date NOT NULL,
	"custom_amount" bigint DEFAULT 0 NOT NULL,
	"pad_schedule" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"charges" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "screenings" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"application_id" text NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"request_id" text,
	"screen_result" jsonb,
	"report_storage_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "charge_allocations" ADD CONSTRAINT "charge_allocations_transaction_id_payment_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."payment_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charge_allocations" ADD CONSTRAINT "charge_allocations_open_charge_id_open_charges_id_fk" FOREIGN KEY ("open_charge_id") REFERENCES "public"."open_charges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_report_subscriptions" ADD CONSTRAINT "credit_report_subscriptions_billing_account_id_property_leases_id_fk" FOREIGN KEY ("billing_account_id") REFERENCES "public"."property_leases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "income_verifications" ADD CONSTRAINT "income_verifications_application_id_lease_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."lease_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_policies" ADD CONSTRAINT "insurance_policies_lease_id_property_leases_id_fk" FOREIGN KEY ("lease_id") REFERENCES "public"."property_leases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_customers" ADD CONSTRAINT "integration_customers_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_application_pages" ADD CONSTRAINT "lease_application_pages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "on_boarding_pages" ADD CONSTRAINT "on_boarding_pages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_charges" ADD CONSTRAINT "open_charges_billing_account_id_property_leases_id_fk" FOREIGN KEY ("billing_account_id") REFERENCES "public"."property_leases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_leases" ADD CONSTRAINT "property_leases_user_id_customers_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_leases" ADD CONSTRAINT "property_leases_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_leases" ADD CONSTRAINT "property_leases_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_payments" ADD CONSTRAINT "recurring_payments_recurring_schedule_id_recurring_schedules_id_fk" FOREIGN KEY ("recurring_schedule_id") REFERENCES "public"."recurring_schedules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_schedules" ADD CONSTRAINT "recurring_schedules_billing_account_id_property_leases_id_fk" FOREIGN KEY ("billing_account_id") REFERENCES "public"."property_leases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screenings" ADD CONSTRAINT "screenings_application_id_lease_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."lease_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_user_idx" ON "addresses" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "audit_events_record_idx" ON "audit_events" USING btree ("record_type","record_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "corporate_users_email_uq" ON "corporate_users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "customers_email_uq" ON "customers" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "documents_customer_idx" ON "documents" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "documents_record_idx" ON "documents" USING btree ("record_type","record_id");--> statement-breakpoint
CREATE UNIQUE INDEX "insurance_policies_lease_policy_uq" ON "insurance_policies" USING btree ("lease_id","policy_identifier");--> statement-breakpoint
CREATE UNIQUE INDEX "lease_application_pages_name_uq" ON "lease_application_pages" USING btree ("name");--> statement-breakpoint
CREATE INDEX "lease_applications_customer_idx" ON "lease_applications" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "on_boarding_pages_name_uq" ON "on_boarding_pages" USING btree ("name");--> statement-breakpoint
CREATE INDEX "open_charges_lease_idx" ON "open_charges" USING btree ("billing_account_id","due_date");--> statement-breakpoint
CREATE INDEX "payment_methods_user_idx" ON "payment_methods" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "payment_transactions_user_idx" ON "payment_transactions" USING btree ("user_id","create_date");--> statement-breakpoint
CREATE INDEX "payment_transactions_lease_idx" ON "payment_transactions" USING btree ("billing_account_id");--> statement-breakpoint
CREATE INDEX "properties_company_idx" ON "properties" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "properties_postal_idx" ON "properties" USING btree ("postal_code");--> statement-breakpoint
CREATE INDEX "property_leases_user_idx" ON "property_leases" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "property_leases_company_idx" ON "property_leases" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "recurring_payments_period_uq" ON "recurring_payments" USING btree ("recurring_schedule_id","period");--> statement-breakpoint
CREATE INDEX "recurring_schedules_lease_idx" ON "recurring_schedules" USING btree ("billing_account_id");