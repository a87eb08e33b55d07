CREATE TABLE "sign_in_known_addresses" (
	"user_id" text NOT NULL,
	"address_hash" text NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sign_in_known_addresses_user_id_address_hash_pk" PRIMARY KEY("user_id","address_hash")
);
--> statement-breakpoint
DROP INDEX "sign_in_throttle_window_idx";--> statement-breakpoint
ALTER TABLE "sign_in_throttle" ADD COLUMN "last_failure_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sign_in_throttle" ADD COLUMN "notified_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "sign_in_throttle_last_failure_idx" ON "sign_in_throttle" USING btree ("last_failure_at");--> statement-breakpoint
-- issue 21 §1: the counts are now keyed hashes; the old e-mail and address keys would never match again.
DELETE FROM "sign_in_throttle";