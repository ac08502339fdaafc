CREATE TABLE "inventory_stock" (
	"company_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"item_id" integer NOT NULL,
	"variant" varchar(16) DEFAULT '' NOT NULL,
	"day" date NOT NULL,
	"capacity" integer NOT NULL,
	"booked" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "inventory_stock_pk" PRIMARY KEY("kind","item_id","variant","day"),
	CONSTRAINT "inventory_stock_booked_ck" CHECK ("inventory_stock"."booked" >= 0 AND "inventory_stock"."booked" <= "inventory_stock"."capacity"),
	CONSTRAINT "inventory_stock_capacity_ck" CHECK ("inventory_stock"."capacity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "order_counters" (
	"company_id" integer NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "order_counters_company_id_year_pk" PRIMARY KEY("company_id","year")
);
--> statement-breakpoint
CREATE TABLE "order_idempotency" (
	"company_id" integer NOT NULL,
	"key" varchar(200) NOT NULL,
	"request_hash" char(64) NOT NULL,
	"order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_idempotency_company_id_key_pk" PRIMARY KEY("company_id","key")
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"position" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"item_id" integer NOT NULL,
	"variant" varchar(16) DEFAULT '' NOT NULL,
	"item_name" varchar(400) NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"quantity" integer NOT NULL,
	"adults" integer DEFAULT 0 NOT NULL,
	"children" integer DEFAULT 0 NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	CONSTRAINT "order_items_kind_ck" CHECK ("order_items"."kind" IN ('room', 'train', 'transportation')),
	CONSTRAINT "order_items_values_ck" CHECK ("order_items"."quantity" >= 1 AND "order_items"."adults" >= 0 AND "order_items"."children" >= 0 AND "order_items"."end_date" >= "order_items"."start_date")
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_item_id" integer NOT NULL,
	"position" integer NOT NULL,
	"type" varchar(16) NOT NULL,
	"day" date,
	"label" varchar(400) NOT NULL,
	"unit_price" numeric(14, 2) NOT NULL,
	"quantity" numeric(10, 2) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	CONSTRAINT "order_lines_type_ck" CHECK ("order_lines"."type" IN ('day', 'extra', 'fee'))
);
--> statement-breakpoint
CREATE TABLE "order_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"method" varchar(16) NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"reference" varchar(191),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_payments_amount_ck" CHECK ("order_payments"."amount" <> 0),
	CONSTRAINT "order_payments_method_ck" CHECK ("order_payments"."method" IN ('cash', 'transfer', 'card', 'other'))
);
--> statement-breakpoint
CREATE TABLE "order_status_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"from_status" varchar(16),
	"to_status" varchar(16) NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"code" varchar(32) NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"customer_name" varchar(191) NOT NULL,
	"customer_email" varchar(191),
	"customer_phone" varchar(40),
	"customer_nationality" varchar(80),
	"customer_passport_number" varchar(40),
	"notes" text,
	"has_room" boolean DEFAULT false NOT NULL,
	"has_train" boolean DEFAULT false NOT NULL,
	"has_transportation" boolean DEFAULT false NOT NULL,
	"items_summary" varchar(500) DEFAULT '' NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"paid" numeric(14, 2) DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_status_ck" CHECK ("orders"."status" IN ('pending', 'confirmed', 'paid', 'completed', 'cancelled')),
	CONSTRAINT "orders_money_ck" CHECK ("orders"."total" >= 0 AND "orders"."paid" >= 0 AND "orders"."paid" <= "orders"."total"),
	CONSTRAINT "orders_dates_ck" CHECK ("orders"."end_date" >= "orders"."start_date"),
	CONSTRAINT "orders_desks_ck" CHECK ("orders"."has_room" OR "orders"."has_train" OR "orders"."has_transportation")
);
--> statement-breakpoint
ALTER TABLE "inventory_stock" ADD CONSTRAINT "inventory_stock_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_counters" ADD CONSTRAINT "order_counters_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_idempotency" ADD CONSTRAINT "order_idempotency_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_idempotency" ADD CONSTRAINT "order_idempotency_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inventory_stock_company_day_idx" ON "inventory_stock" USING btree ("company_id","day");--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "order_items_stock_idx" ON "order_items" USING btree ("kind","item_id","variant","start_date");--> statement-breakpoint
CREATE INDEX "order_lines_item_idx" ON "order_lines" USING btree ("order_item_id","position");--> statement-breakpoint
CREATE INDEX "order_payments_order_idx" ON "order_payments" USING btree ("order_id","paid_at");--> statement-breakpoint
CREATE INDEX "order_status_history_order_idx" ON "order_status_history" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_company_code_uq" ON "orders" USING btree ("company_id","code");--> statement-breakpoint
CREATE INDEX "orders_company_created_idx" ON "orders" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_company_start_idx" ON "orders" USING btree ("company_id","start_date","id");--> statement-breakpoint
CREATE INDEX "orders_company_status_idx" ON "orders" USING btree ("company_id","status","id");--> statement-breakpoint
CREATE INDEX "orders_company_name_idx" ON "orders" USING btree ("company_id","customer_name","id");--> statement-breakpoint
CREATE INDEX "orders_company_total_idx" ON "orders" USING btree ("company_id","total","id");--> statement-breakpoint
CREATE INDEX "orders_code_trgm_idx" ON "orders" USING gin (lower("code") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_customer_name_trgm_idx" ON "orders" USING gin (lower("customer_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_customer_email_trgm_idx" ON "orders" USING gin (lower("customer_email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_passport_trgm_idx" ON "orders" USING gin (lower("customer_passport_number") gin_trgm_ops);