-- Taxes in retirement (docs/projection-rules.md#a-years-tax): four optional plan assumptions,
-- null = the flat retirement tax rate and the proportional withdrawal order, as before.
ALTER TABLE "assumptions" ADD COLUMN "filing_status" text;--> statement-breakpoint
ALTER TABLE "assumptions" ADD COLUMN "state_tax_rate" numeric(9, 4);--> statement-breakpoint
ALTER TABLE "assumptions" ADD COLUMN "roth_conversion_cents" bigint;--> statement-breakpoint
ALTER TABLE "assumptions" ADD COLUMN "withdrawal_order" text;