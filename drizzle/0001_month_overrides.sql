CREATE TABLE "month_overrides" (
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"entity_id" integer NOT NULL,
	"month" text NOT NULL,
	"value_cents" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "month_overrides_user_id_kind_entity_id_month_pk" PRIMARY KEY("user_id","kind","entity_id","month")
);
--> statement-breakpoint
ALTER TABLE "month_overrides" ADD CONSTRAINT "month_overrides_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;