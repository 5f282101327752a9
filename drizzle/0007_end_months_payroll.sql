ALTER TABLE "incomes" ADD COLUMN "end_month" text;--> statement-breakpoint
ALTER TABLE "monthly_expenses" ADD COLUMN "end_month" text;--> statement-breakpoint
ALTER TABLE "retirement_accounts" ADD COLUMN "payroll_deducted" boolean DEFAULT false NOT NULL;