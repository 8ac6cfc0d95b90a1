CREATE TABLE "retained_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subject" uuid NOT NULL,
	"kind" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"keep_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "retained_records_keep_until_idx" ON "retained_records" USING btree ("keep_until");