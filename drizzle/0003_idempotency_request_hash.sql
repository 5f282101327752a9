ALTER TABLE "idempotency_keys" ADD COLUMN "request_hash" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "response" text;--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP COLUMN "body";