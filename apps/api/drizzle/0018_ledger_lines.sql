CREATE TABLE "ledger_lease_totals" (
	"lease_id" text PRIMARY KEY NOT NULL,
	"property_id" text,
	"n" bigint NOT NULL,
	"charged" bigint NOT NULL,
	"paid" bigint NOT NULL,
	"refunded" bigint NOT NULL,
	"balance" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_lines" (
	"ord" smallint NOT NULL,
	"id" text NOT NULL,
	"lease_id" text NOT NULL,
	"property_id" text,
	"at" timestamp with time zone NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"signed" bigint NOT NULL,
	CONSTRAINT "ledger_lines_ord_id_pk" PRIMARY KEY("ord","id")
);
--> statement-breakpoint
CREATE INDEX "ledger_lease_totals_property_idx" ON "ledger_lease_totals" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "ledger_lines_lease_idx" ON "ledger_lines" USING btree ("lease_id","at","ord","id");--> statement-breakpoint
CREATE INDEX "ledger_lines_property_idx" ON "ledger_lines" USING btree ("property_id","at","ord","id");--> statement-breakpoint
-- A transaction's signed amount on its lease's ledger: what moves the balance (payments and credits down, refunds and
-- returns up) while its status stands. The one definition (services/ledger/ledger-search.ts reads it too).
CREATE OR REPLACE FUNCTION ledger_signed(p_type text, p_status text, p_amount bigint) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN p_status NOT IN ('COMPLETE','PENDING','INPROCESS','ONHOLD','AUTHORIZED') THEN 0
    WHEN p_type IN ('PAYMENT','CREDIT','CHARGEBACK_REVERSAL') THEN -p_amount
    WHEN p_type IN ('REFUND','RETURN','NSF','CHARGEBACK') THEN p_amount ELSE 0 END
$$;
--> statement-breakpoint
-- Adds a line (p_n = 1) or takes one away (p_n = -1, p_signed negated) to its lease's totals.
CREATE OR REPLACE FUNCTION ledger_totals_add(p_lease text, p_property text, p_type text, p_signed bigint, p_n integer)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO ledger_lease_totals AS t (lease_id, property_id, n, charged, paid, refunded, balance)
  VALUES (p_lease, p_property, p_n,
    CASE WHEN p_type IN ('CHARGE','CREDIT') THEN p_signed ELSE 0 END,
    CASE WHEN p_type IN ('PAYMENT','CHARGEBACK_REVERSAL') THEN -p_signed ELSE 0 END,
    CASE WHEN p_type IN ('REFUND','RETURN','NSF','CHARGEBACK') THEN p_signed ELSE 0 END,
    p_signed)
  ON CONFLICT (lease_id) DO UPDATE SET n = t.n + EXCLUDED.n, charged = t.charged + EXCLUDED.charged,
    paid = t.paid + EXCLUDED.paid, refunded = t.refunded + EXCLUDED.refunded, balance = t.balance + EXCLUDED.balance,
    property_id = EXCLUDED.property_id
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_line_put(p_ord smallint, p_id text, p_lease text, p_at timestamptz, p_type text,
  p_status text, p_signed bigint) RETURNS void LANGUAGE plpgsql AS $$
DECLARE v_property text;
BEGIN
  SELECT property_id INTO v_property FROM property_leases WHERE id = p_lease;
  INSERT INTO ledger_lines (ord, id, lease_id, property_id, at, type, status, signed)
  VALUES (p_ord, p_id, p_lease, v_property, p_at, p_type, p_status, p_signed);
  PERFORM ledger_totals_add(p_lease, v_property, p_type, p_signed, 1);
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_line_drop(p_ord smallint, p_id text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE v ledger_lines;
BEGIN
  DELETE FROM ledger_lines WHERE ord = p_ord AND id = p_id RETURNING * INTO v;
  IF FOUND THEN
    PERFORM ledger_totals_add(v.lease_id, v.property_id, v.type, -v.signed, -1);
  END IF;
END
$$;
--> statement-breakpoint
-- Every lease's totals again from its lines (the backfill below, and after a TRUNCATE, which fires no row trigger).
CREATE OR REPLACE FUNCTION ledger_totals_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM ledger_lease_totals;
  INSERT INTO ledger_lease_totals (lease_id, property_id, n, charged, paid, refunded, balance)
  SELECT lease_id, max(property_id), count(*),
    coalesce(sum(signed) FILTER (WHERE type IN ('CHARGE','CREDIT')), 0),
    coalesce(-sum(signed) FILTER (WHERE type IN ('PAYMENT','CHARGEBACK_REVERSAL')), 0),
    coalesce(sum(signed) FILTER (WHERE type IN ('REFUND','RETURN','NSF','CHARGEBACK')), 0),
    sum(signed)
  FROM ledger_lines GROUP BY lease_id;
$$;
--> statement-breakpoint
-- A charge is dated at its due date, UTC midnight (to_timestamp of the epoch's seconds: no time zone lookup).
CREATE OR REPLACE FUNCTION ledger_follow_charge() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM ledger_line_drop(0::smallint, OLD.id);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.billing_account_id IS NOT NULL THEN
    PERFORM ledger_line_put(0::smallint, NEW.id, NEW.billing_account_id,
      to_timestamp((NEW.due_date - DATE '1970-01-01') * 86400),
      CASE WHEN NEW.amount < 0 THEN 'CREDIT' ELSE 'CHARGE' END, 'POSTED', NEW.amount);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_follow_transaction() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM ledger_line_drop(1::smallint, OLD.id);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.billing_account_type = 'TYPE_PROPERTY_LEASE' AND NEW.billing_account_id IS NOT NULL THEN
    PERFORM ledger_line_put(1::smallint, NEW.id, NEW.billing_account_id, NEW.create_date, NEW.transaction_type,
      NEW.status, ledger_signed(NEW.transaction_type, NEW.status, NEW.amount));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_follow_lease() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR OLD.property_id IS DISTINCT FROM NEW.property_id THEN
    UPDATE ledger_lines SET property_id = NEW.property_id WHERE lease_id = NEW.id;
    UPDATE ledger_lease_totals SET property_id = NEW.property_id WHERE lease_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_follow_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM ledger_lines WHERE ord = CASE WHEN TG_TABLE_NAME = 'open_charges' THEN 0 ELSE 1 END;
  PERFORM ledger_totals_rebuild();
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_follow_charge AFTER INSERT OR DELETE OR UPDATE OF id, billing_account_id, due_date, amount
ON open_charges FOR EACH ROW EXECUTE FUNCTION ledger_follow_charge();
--> statement-breakpoint
CREATE TRIGGER ledger_follow_transaction AFTER INSERT OR DELETE
OR UPDATE OF id, billing_account_id, billing_account_type, create_date, transaction_type, status, amount
ON payment_transactions FOR EACH ROW EXECUTE FUNCTION ledger_follow_transaction();
--> statement-breakpoint
CREATE TRIGGER ledger_follow_lease AFTER INSERT OR UPDATE OF property_id
ON property_leases FOR EACH ROW EXECUTE FUNCTION ledger_follow_lease();
--> statement-breakpoint
CREATE TRIGGER ledger_follow_charges_truncate AFTER TRUNCATE ON open_charges
FOR EACH STATEMENT EXECUTE FUNCTION ledger_follow_truncate();
--> statement-breakpoint
CREATE TRIGGER ledger_follow_transactions_truncate AFTER TRUNCATE ON payment_transactions
FOR EACH STATEMENT EXECUTE FUNCTION ledger_follow_truncate();
--> statement-breakpoint
-- The ledger already written.
INSERT INTO ledger_lines (ord, id, lease_id, property_id, at, type, status, signed)
SELECT 0, c.id, c.billing_account_id, l.property_id, to_timestamp((c.due_date - DATE '1970-01-01') * 86400),
  CASE WHEN c.amount < 0 THEN 'CREDIT' ELSE 'CHARGE' END, 'POSTED', c.amount
FROM open_charges c LEFT JOIN property_leases l ON l.id = c.billing_account_id WHERE c.billing_account_id IS NOT NULL
UNION ALL
SELECT 1, t.id, t.billing_account_id, l.property_id, t.create_date, t.transaction_type, t.status,
  ledger_signed(t.transaction_type, t.status, t.amount)
FROM payment_transactions t LEFT JOIN property_leases l ON l.id = t.billing_account_id
WHERE t.billing_account_type = 'TYPE_PROPERTY_LEASE' AND t.billing_account_id IS NOT NULL;
--> statement-breakpoint
SELECT ledger_totals_rebuild();
