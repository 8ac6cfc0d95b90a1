CREATE TABLE "progress_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"follow_ups" boolean DEFAULT true NOT NULL,
	"weekly_chat" boolean DEFAULT true NOT NULL,
	"weekly_push" boolean DEFAULT true NOT NULL,
	"weekly_email" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "progress_notes" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "progress_preferences" ADD CONSTRAINT "progress_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;