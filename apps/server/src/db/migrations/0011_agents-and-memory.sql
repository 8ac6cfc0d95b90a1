CREATE TABLE "memory_facts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"text" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_agents" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"avatar" text NOT NULL,
	"category" text NOT NULL,
	"description" text NOT NULL,
	"sample_question" text NOT NULL,
	"sample_answer" text NOT NULL,
	"knowledge" jsonb NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_agents_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "user_partner_agents" (
	"user_id" uuid NOT NULL,
	"partner_id" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_partner_agents_user_id_partner_id_pk" PRIMARY KEY("user_id","partner_id")
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "partner_id" integer;--> statement-breakpoint
ALTER TABLE "memory_facts" ADD CONSTRAINT "memory_facts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_partner_agents" ADD CONSTRAINT "user_partner_agents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_partner_agents" ADD CONSTRAINT "user_partner_agents_partner_id_partner_agents_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partner_agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "memory_facts_user_idx" ON "memory_facts" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_partner_id_partner_agents_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partner_agents"("id") ON DELETE set null ON UPDATE no action;