CREATE TABLE "account_tokens" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"purpose" text NOT NULL,
	"user_id" text NOT NULL,
	"user_type" text NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"request_ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"dedupe_key" text NOT NULL,
	"template" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secret" text,
	"to_address" text NOT NULL,
	"language_code" text DEFAULT 'en' NOT NULL,
	"user_id" text,
	"user_type" text,
	"notification_id" text,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"claimed_by" text,
	"sent_at" timestamp with time zone,
	"last_error" text,
	"message_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_mailbox" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"outbox_id" text,
	"message_id" text NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "notifications_outbox_idx";--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "account_tokens_hash_uq" ON "account_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "account_tokens_user_idx" ON "account_tokens" USING btree ("user_id","purpose","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_dedupe_uq" ON "mail_outbox" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "mail_outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_notification_idx" ON "mail_outbox" USING btree ("notification_id");--> statement-breakpoint
CREATE INDEX "sandbox_mailbox_to_idx" ON "sandbox_mailbox" USING btree ("to_address","created_at");--> statement-breakpoint
CREATE INDEX "sandbox_mailbox_created_idx" ON "sandbox_mailbox" USING btree ("created_at");--> statement-breakpoint
-- issue 25: accounts made before verification existed keep receiving their mail (as trusted as they were).
UPDATE "customers" SET "email_verified_at" = "created_at";--> statement-breakpoint
-- Notices still waiting for their e-mail move to the outbox (their address read now, as the old dispatcher did).
INSERT INTO "mail_outbox" ("dedupe_key", "template", "notification_id", "to_address", "language_code", "user_id", "user_type", "attempts", "next_attempt_at", "created_at")
SELECT 'notice:' || n.id, 'NOTICE', n.id, r.email, r.lang, n.user_id, n.user_type, n.email_attempts, now(), n.created_at
FROM "notifications" n
  CROSS JOIN LATERAL (
    SELECT c.email, c.language_code AS lang FROM customers c WHERE n.user_type = 'TYPE_CUSTOMER' AND c.id = n.user_id
    UNION ALL
    SELECT u.email, u.language_code FROM corporate_users u WHERE n.user_type <> 'TYPE_CUSTOMER' AND u.id = n.user_id
  ) r
WHERE n.email_status = 'PENDING';--> statement-breakpoint
ALTER TABLE "notifications" DROP COLUMN "email_status";--> statement-breakpoint
ALTER TABLE "notifications" DROP COLUMN "email_attempts";--> statement-breakpoint
ALTER TABLE "notifications" DROP COLUMN "email_sent_at";--> statement-breakpoint
-- issue 25: every notice inserted (by any code path, raw SQL included) queues its e-mail in the same transaction, to the
-- tenant's verified address only (an unverified address never receives receipts) or to a manager's or admin's address.
-- Due at the earlier of the notice's own instant (a job run for a given --now) and the transaction's clock.
CREATE FUNCTION notification_mail() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO mail_outbox (dedupe_key, template, notification_id, to_address, language_code, user_id, user_type, next_attempt_at, created_at)
  SELECT 'notice:' || NEW.id, 'NOTICE', NEW.id, r.email, r.lang, NEW.user_id, NEW.user_type, least(NEW.created_at, now()), NEW.created_at
  FROM (
    SELECT c.email, c.language_code AS lang FROM customers c
      WHERE NEW.user_type = 'TYPE_CUSTOMER' AND c.id = NEW.user_id AND c.email_verified_at IS NOT NULL
    UNION ALL
    SELECT u.email, u.language_code FROM corporate_users u WHERE NEW.user_type <> 'TYPE_CUSTOMER' AND u.id = NEW.user_id
  ) r
  ON CONFLICT (dedupe_key) DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER notifications_mail AFTER INSERT ON notifications FOR EACH ROW EXECUTE FUNCTION notification_mail();
