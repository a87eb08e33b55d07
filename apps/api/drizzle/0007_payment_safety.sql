CREATE TABLE "sandbox_processor_charges" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"id" text NOT NULL,
	"token" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"refunded_cents" bigint DEFAULT 0 NOT NULL,
	"error_code" text,
	"error_message" text,
	CONSTRAINT "sandbox_processor_charges_id_unique" UNIQUE("id")
);
--> statement-breakpoint
CREATE TABLE "sandbox_processor_deleted_tokens" (
	"token" text PRIMARY KEY NOT NULL,
	"deleted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_processor_refunds" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"id" text NOT NULL,
	"charge_id" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_processor_refunds_id_unique" UNIQUE("id")
);
--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "charge_cents" bigint;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "charge_method_id" text;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "charge_attempted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "acted_by" text;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_transactions_key_uq" ON "payment_transactions" USING btree ("user_id","idempotency_key") WHERE "payment_transactions"."idempotency_key" IS NOT NULL;