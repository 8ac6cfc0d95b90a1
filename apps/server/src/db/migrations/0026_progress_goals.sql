CREATE TABLE "progress_goals" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"figures" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "progress_goals" ADD CONSTRAINT "progress_goals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;