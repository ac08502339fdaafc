CREATE TABLE "order_item_pilgrims" (
	"order_item_id" integer NOT NULL,
	"pilgrim_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "order_item_pilgrims_pk" PRIMARY KEY("order_item_id","pilgrim_id")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "customer_pilgrim_id" integer;--> statement-breakpoint
ALTER TABLE "order_item_pilgrims" ADD CONSTRAINT "order_item_pilgrims_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item_pilgrims" ADD CONSTRAINT "order_item_pilgrims_pilgrim_id_pilgrims_id_fk" FOREIGN KEY ("pilgrim_id") REFERENCES "public"."pilgrims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item_pilgrims" ADD CONSTRAINT "order_item_pilgrims_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_item_pilgrims_pilgrim_idx" ON "order_item_pilgrims" USING btree ("pilgrim_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_pilgrim_id_pilgrims_id_fk" FOREIGN KEY ("customer_pilgrim_id") REFERENCES "public"."pilgrims"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_customer_pilgrim_idx" ON "orders" USING btree ("customer_pilgrim_id");