CREATE TABLE "chat_turns" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"holder" text,
	"held_until" timestamp with time zone,
	"turn_message_id" bigint,
	"answered_through" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "reply_to" bigint;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "reply_index" integer;--> statement-breakpoint
ALTER TABLE "chat_turns" ADD CONSTRAINT "chat_turns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_reply_idx" ON "chat_messages" USING btree ("reply_to","reply_index");