ALTER TABLE "memory_facts" ADD COLUMN "kind" text DEFAULT 'OUTRO' NOT NULL;--> statement-breakpoint
ALTER TABLE "memory_facts" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "memory_facts" ADD COLUMN "fields" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "memory_facts" ADD COLUMN "sentence" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "billing_name" text;--> statement-breakpoint
-- Pains noted before facts had kinds become injuries the coaches can place on the body.
UPDATE "memory_facts" SET "kind" = 'LESAO', "key" = substring("text" from '^Relatou dor ou lesão: ([a-z]+)\.$'), "fields" = jsonb_build_object('bodyPart', substring("text" from '^Relatou dor ou lesão: ([a-z]+)\.$')) WHERE "source" = 'CHAT' AND "text" ~ '^Relatou dor ou lesão: [a-z]+\.$';
