ALTER TABLE "profiles" ADD COLUMN "goal_focus" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "training_per_week" integer;