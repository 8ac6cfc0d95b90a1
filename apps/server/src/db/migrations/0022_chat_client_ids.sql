ALTER TABLE "chat_messages" ADD COLUMN "client_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_client_idx" ON "chat_messages" USING btree ("user_id","client_id");