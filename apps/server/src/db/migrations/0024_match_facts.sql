ALTER TABLE "videos" ADD COLUMN "game_week" date;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "game_draft" jsonb;