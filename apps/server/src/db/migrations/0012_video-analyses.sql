CREATE TYPE "public"."analysis_stage" AS ENUM('QUEUED', 'PROBE', 'COURT', 'PLAYERS', 'MERGE', 'CLIPS', 'REVIEW', 'PUBLISHED', 'FAILED');--> statement-breakpoint
CREATE TABLE "analysis_chunks" (
	"video_id" integer NOT NULL,
	"run" integer NOT NULL,
	"index" integer NOT NULL,
	"from_sec" integer NOT NULL,
	"to_sec" integer NOT NULL,
	"result" jsonb,
	"done_at" timestamp with time zone,
	CONSTRAINT "analysis_chunks_video_id_run_index_pk" PRIMARY KEY("video_id","run","index")
);
--> statement-breakpoint
CREATE TABLE "video_analyses" (
	"video_id" integer PRIMARY KEY NOT NULL,
	"stage" "analysis_stage" DEFAULT 'QUEUED' NOT NULL,
	"percent" integer DEFAULT 0 NOT NULL,
	"run" integer DEFAULT 1 NOT NULL,
	"corners" jsonb,
	"corners_source" text,
	"result" jsonb,
	"artifacts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"problem" text,
	"failure" text,
	"player_track_id" integer,
	"report_markdown" text DEFAULT '' NOT NULL,
	"reviewed_by" uuid,
	"published_at" timestamp with time zone,
	"report_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "analysis_turnaround_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "analysis_chunks" ADD CONSTRAINT "analysis_chunks_video_id_video_analyses_video_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."video_analyses"("video_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_analyses" ADD CONSTRAINT "video_analyses_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_analyses" ADD CONSTRAINT "video_analyses_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_analyses_stage_idx" ON "video_analyses" USING btree ("stage");--> statement-breakpoint
-- Plans created before this migration: the same promises as the catalogue seeds today.
UPDATE "plans" SET "analysis_turnaround_hours" = 12 WHERE "slug" = 'standard';--> statement-breakpoint
UPDATE "plans" SET "analysis_turnaround_hours" = 6 WHERE "slug" = 'ultra';