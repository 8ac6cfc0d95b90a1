CREATE TYPE "public"."video_source" AS ENUM('GCS', 'GOOGLE_DRIVE', 'GOOGLE_PHOTOS', 'DROPBOX', 'ICLOUD');--> statement-breakpoint
CREATE TYPE "public"."video_status" AS ENUM('UPLOADING', 'AWAITING_IDENTIFICATION', 'QUEUED', 'ANALYZING', 'IN_REVIEW', 'READY', 'FAILED', 'CANCELLED');--> statement-breakpoint
CREATE TABLE "videos" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"source" "video_source" NOT NULL,
	"status" "video_status" DEFAULT 'UPLOADING' NOT NULL,
	"content_type" text,
	"storage_key" text NOT NULL,
	"storage_session" text,
	"source_url" text,
	"download_url" text,
	"size_bytes" bigint,
	"probe" jsonb,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"failure_reason" text,
	"player_identifier" integer,
	"awaiting_game_info" boolean DEFAULT false NOT NULL,
	"game_date" date,
	"game_outcome" text,
	"game_score" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "videos_user_created_idx" ON "videos" USING btree ("user_id","created_at");