ALTER TABLE "payment_transactions" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payment_transactions_date_idx" ON "payment_transactions" USING btree ("create_date");--> statement-breakpoint
CREATE INDEX "payment_transactions_property_idx" ON "payment_transactions" USING btree ("property_id","create_date");--> statement-breakpoint
-- issue 24: a payment's settlement instant, stamped on every path that completes it (a processor's answer, a bank debit's
-- settlement, a redirect page, a wallet capture, a cash slip, the recovery), so the processing KPI's average settlement
-- time needs no change to each of them. Recorded COMPLETE at once: its creation instant. History before this: unknown (null).
CREATE OR REPLACE FUNCTION payment_transactions_settled_at() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'COMPLETE' AND NEW.settled_at IS NULL THEN
    IF TG_OP = 'INSERT' THEN
      NEW.settled_at := NEW.create_date;
    ELSIF OLD.status IS DISTINCT FROM 'COMPLETE' THEN
      NEW.settled_at := greatest(now(), NEW.create_date);
    END IF;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER payment_transactions_settled_at BEFORE INSERT OR UPDATE OF status ON payment_transactions
FOR EACH ROW EXECUTE FUNCTION payment_transactions_settled_at();
