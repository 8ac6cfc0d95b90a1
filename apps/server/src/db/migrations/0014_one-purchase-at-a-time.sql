ALTER TABLE "coupon_redemptions" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "spot_held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "upgrade_credit_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "period_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "period_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "card_brand" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "card_last4" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "next_plan_id" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "next_billing_cycle" "billing_cycle";--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_next_plan_id_plans_id_fk" FOREIGN KEY ("next_plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Data written before the rule: keep each player's newest open purchase, drop the older ones.
UPDATE "orders" SET "status" = 'CANCELED' WHERE "status" = 'PENDING' AND "renewal" = false AND "id" NOT IN (SELECT DISTINCT ON ("user_id") "id" FROM "orders" WHERE "status" = 'PENDING' AND "renewal" = false ORDER BY "user_id", "created_at" DESC);--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_open_purchase_idx" ON "orders" USING btree ("user_id") WHERE "orders"."status" = 'PENDING' and "orders"."renewal" = false;