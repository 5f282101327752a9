-- Baselines (docs/api.md#baselines), the plan's totals per month as the user saved them. The snapshot is
-- json (kept as written, read whole), not jsonb. Not an input of the projection; they go with their user.
CREATE TABLE "baselines" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"snapshot" json NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "baselines" ADD CONSTRAINT "baselines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "baselines_user_idx" ON "baselines" USING btree ("user_id");