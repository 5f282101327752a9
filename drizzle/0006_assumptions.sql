CREATE TABLE "assumptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"inflation_rate" numeric(9, 4),
	"salary_growth_rate" numeric(9, 4),
	"social_security_cola" numeric(9, 4),
	"cash_balance_cents" bigint,
	"cash_interest_rate" numeric(9, 4),
	"home_value_cents" bigint,
	"home_appreciation_rate" numeric(9, 4),
	"retirement_tax_rate" numeric(9, 4),
	"spend_cash_in_retirement" boolean,
	"return_volatility" numeric(9, 4),
	"stock_share" numeric(9, 4),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assumptions" ADD CONSTRAINT "assumptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "assumptions_user_key" ON "assumptions" USING btree ("user_id");