CREATE TABLE "match_tags" (
	"video_id" integer PRIMARY KEY NOT NULL,
	"tags" jsonb NOT NULL,
	"revision" integer NOT NULL,
	"saved_by" uuid,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "match_tags" ADD CONSTRAINT "match_tags_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_tags" ADD CONSTRAINT "match_tags_saved_by_users_id_fk" FOREIGN KEY ("saved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;