-- issue 24: a TRUNCATE of the ledger fires no row or statement trigger of INSERT/UPDATE/DELETE, so the KPI facts follow
-- it here (the facts of an empty ledger are none).
CREATE OR REPLACE FUNCTION kpi_forget_facts() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM kpi_monthly_facts;
  DELETE FROM kpi_dirty_months;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER kpi_forget_on_truncate AFTER TRUNCATE ON payment_transactions
FOR EACH STATEMENT EXECUTE FUNCTION kpi_forget_facts();
