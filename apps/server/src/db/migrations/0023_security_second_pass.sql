ALTER TABLE "account_tokens" ALTER COLUMN "token_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "link_grant" integer;--> statement-breakpoint
ALTER TABLE "report_shares" ADD COLUMN "share_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "report_shares" ADD COLUMN "include_partner" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "report_shares" ADD CONSTRAINT "report_shares_share_id_unique" UNIQUE("share_id");--> statement-breakpoint
-- Hand-written: e-mails kept before links were minted at delivery held working tokens. Those still queued are given up on (a new link can be asked for), every kept copy has its tokens written as "…", and the links already sent stop working, since older backups hold them.
UPDATE "mail_outbox" SET "status" = 'FAILED', "last_error" = 'Não enviado: o link foi removido por segurança; peça um novo.' WHERE "status" = 'QUEUED' AND "body" ~ '[?&]token=[A-Za-z0-9_-]';--> statement-breakpoint
UPDATE "mail_outbox" SET "body" = regexp_replace("body", '([?&]token=)[A-Za-z0-9_%-]+', '\1…', 'g'), "html" = regexp_replace("html", '([?&]token=)[A-Za-z0-9_%-]+', '\1…', 'g');--> statement-breakpoint
UPDATE "local_mailbox" SET "text" = regexp_replace("text", '([?&]token=)[A-Za-z0-9_%-]+', '\1…', 'g'), "html" = regexp_replace("html", '([?&]token=)[A-Za-z0-9_%-]+', '\1…', 'g');--> statement-breakpoint
UPDATE "account_tokens" SET "used_at" = now() WHERE "used_at" IS NULL;
