-- Where the money goes (docs/projection-rules.md#where-the-money-goes): five optional plan assumptions,
-- null = neutral. Deleting the surplus account clears the choice, so the surplus stays cash.
ALTER TABLE "assumptions" ADD COLUMN "other_spending_cents" bigint;--> statement-breakpoint
ALTER TABLE "assumptions" ADD COLUMN "retirement_spending_cents" bigint;--> statement-breakpoint
ALTER TABLE "assumptions" ADD COLUMN "surplus_account_id" integer;--> statement-breakpoint
ALTER TABLE "assumptions" ADD COLUMN "surplus_share" numeric(9, 4);--> statement-breakpoint
ALTER TABLE "assumptions" ADD COLUMN "overdraft_interest_rate" numeric(9, 4);--> statement-breakpoint
ALTER TABLE "assumptions" ADD CONSTRAINT "assumptions_surplus_account_id_retirement_accounts_id_fk" FOREIGN KEY ("surplus_account_id") REFERENCES "public"."retirement_accounts"("id") ON DELETE set null ON UPDATE no action;