-- issue 24: one KPI mark per month and writing transaction (its xid), so two writers never wait on each other's mark
-- (with one mark per month, two transactions marking two new months in opposite orders could deadlock).
ALTER TABLE "kpi_dirty_months" DROP CONSTRAINT "kpi_dirty_months_pkey";--> statement-breakpoint
ALTER TABLE "kpi_dirty_months" ADD COLUMN "xact" bigint DEFAULT txid_current() NOT NULL;--> statement-breakpoint
ALTER TABLE "kpi_dirty_months" ADD CONSTRAINT "kpi_dirty_months_month_xact_pk" PRIMARY KEY("month","xact");--> statement-breakpoint
CREATE OR REPLACE FUNCTION kpi_mark_new_months() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO kpi_dirty_months (month, xact)
  SELECT DISTINCT date_trunc('month', create_date AT TIME ZONE 'UTC')::date, txid_current() FROM kpi_new_rows
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION kpi_mark_old_months() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO kpi_dirty_months (month, xact)
  SELECT DISTINCT date_trunc('month', create_date AT TIME ZONE 'UTC')::date, txid_current() FROM kpi_old_rows
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
