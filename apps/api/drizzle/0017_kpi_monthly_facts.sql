CREATE TABLE "kpi_dirty_months" (
	"month" date PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kpi_monthly_facts" (
	"month" date NOT NULL,
	"company_id" text,
	"property_id" text,
	"currency" text NOT NULL,
	"payment_method_type" text,
	"transaction_type" text NOT NULL,
	"status" text NOT NULL,
	"billing_account_type" text,
	"autopay" boolean NOT NULL,
	"n" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"fee_amount" bigint NOT NULL,
	"settled_n" bigint NOT NULL,
	"settled_seconds" double precision NOT NULL
);
--> statement-breakpoint
CREATE INDEX "kpi_monthly_facts_month_idx" ON "kpi_monthly_facts" USING btree ("month","company_id");--> statement-breakpoint
CREATE INDEX "kpi_monthly_facts_property_idx" ON "kpi_monthly_facts" USING btree ("property_id","month");
--> statement-breakpoint
-- issue 24: every write to the ledger marks the months (UTC) it touches, once per statement (transition tables: an
-- autopay batch of 10,000 payments adds one small INSERT), so the KPI facts of those months are rebuilt when next read.
CREATE OR REPLACE FUNCTION kpi_mark_new_months() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO kpi_dirty_months (month)
  SELECT DISTINCT date_trunc('month', create_date AT TIME ZONE 'UTC')::date FROM kpi_new_rows
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION kpi_mark_old_months() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO kpi_dirty_months (month)
  SELECT DISTINCT date_trunc('month', create_date AT TIME ZONE 'UTC')::date FROM kpi_old_rows
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER kpi_mark_inserted AFTER INSERT ON payment_transactions
REFERENCING NEW TABLE AS kpi_new_rows FOR EACH STATEMENT EXECUTE FUNCTION kpi_mark_new_months();
--> statement-breakpoint
CREATE TRIGGER kpi_mark_updated_new AFTER UPDATE ON payment_transactions
REFERENCING NEW TABLE AS kpi_new_rows FOR EACH STATEMENT EXECUTE FUNCTION kpi_mark_new_months();
--> statement-breakpoint
CREATE TRIGGER kpi_mark_updated_old AFTER UPDATE ON payment_transactions
REFERENCING OLD TABLE AS kpi_old_rows FOR EACH STATEMENT EXECUTE FUNCTION kpi_mark_old_months();
--> statement-breakpoint
CREATE TRIGGER kpi_mark_deleted AFTER DELETE ON payment_transactions
REFERENCING OLD TABLE AS kpi_old_rows FOR EACH STATEMENT EXECUTE FUNCTION kpi_mark_old_months();
--> statement-breakpoint
-- The ledger already written: every month of it is built on first read.
INSERT INTO kpi_dirty_months (month)
SELECT DISTINCT date_trunc('month', create_date AT TIME ZONE 'UTC')::date FROM payment_transactions
ON CONFLICT DO NOTHING;
