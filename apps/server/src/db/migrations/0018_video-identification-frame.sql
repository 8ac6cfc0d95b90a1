ALTER TABLE "videos" ADD COLUMN "identification_frame" jsonb;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "player_pick" jsonb;