CREATE TABLE "lease_invitations" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"lease_id" text NOT NULL,
	"company_id" text NOT NULL,
	"email" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"language_code" text DEFAULT 'en' NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" text,
	"revoked_at" timestamp with time zone,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lease_notes" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"lease_id" text NOT NULL,
	"company_id" text NOT NULL,
	"author_id" text NOT NULL,
	"author_type" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "property_leases" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "late_fee_amount" bigint;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "late_fee_days" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "nsf_fee_amount" bigint;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "corporate_users" ADD COLUMN "language_code" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "open_charges" ADD COLUMN "posting_key" text;--> statement-breakpoint
ALTER TABLE "open_charges" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "open_charges" ADD COLUMN "created_by" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "property_leases" ADD COLUMN "pay_by_text_enabled" boolean;--> statement-breakpoint
ALTER TABLE "property_leases" ADD COLUMN "terminated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_processor_charges" ADD COLUMN "returned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_processor_charges" ADD COLUMN "return_code" text;--> statement-breakpoint
ALTER TABLE "lease_invitations" ADD CONSTRAINT "lease_invitations_lease_id_property_leases_id_fk" FOREIGN KEY ("lease_id") REFERENCES "public"."property_leases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_invitations" ADD CONSTRAINT "lease_invitations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_notes" ADD CONSTRAINT "lease_notes_lease_id_property_leases_id_fk" FOREIGN KEY ("lease_id") REFERENCES "public"."property_leases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_notes" ADD CONSTRAINT "lease_notes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lease_invitations_token_uq" ON "lease_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "lease_invitations_live_uq" ON "lease_invitations" USING btree ("lease_id") WHERE "lease_invitations"."accepted_at" IS NULL AND "lease_invitations"."revoked_at" IS NULL;--> statement-breakpoint
CREATE INDEX "lease_notes_lease_idx" ON "lease_notes" USING btree ("lease_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "open_charges_posting_key_uq" ON "open_charges" USING btree ("posting_key") WHERE "open_charges"."posting_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "payment_transactions_company_idx" ON "payment_transactions" USING btree ("company_id","create_date");--> statement-breakpoint
CREATE INDEX "payment_transactions_parent_idx" ON "payment_transactions" USING btree ("parent_transaction_id") WHERE "payment_transactions"."parent_transaction_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "property_leases_property_idx" ON "property_leases" USING btree ("property_id","status");