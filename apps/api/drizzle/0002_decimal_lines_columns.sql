ALTER TABLE "payment_transactions" ADD COLUMN "charges_decimal" jsonb GENERATED ALWAYS AS (decimal_lines(charges, 'amount')) STORED;--> statement-breakpoint
ALTER TABLE "property_leases" ADD COLUMN "charges_decimal" jsonb GENERATED ALWAYS AS (decimal_lines(charges, 'amount')) STORED;--> statement-breakpoint
ALTER TABLE "property_leases" ADD COLUMN "services_decimal" jsonb GENERATED ALWAYS AS (decimal_lines(services, 'feeAmount')) STORED;--> statement-breakpoint
ALTER TABLE "recurring_payments" ADD COLUMN "charges_decimal" jsonb GENERATED ALWAYS AS (decimal_lines(charges, 'amount')) STORED;--> statement-breakpoint
ALTER TABLE "recurring_schedules" ADD COLUMN "charges_decimal" jsonb GENERATED ALWAYS AS (decimal_lines(charges, 'amount')) STORED;