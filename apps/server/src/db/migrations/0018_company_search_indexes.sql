-- Every search is one company's (DESIGN §2): each trigram index now leads with the company id (btree_gin), so a
-- search reads its own company's matches instead of every company's and a filter (docs/performance/calls.md).
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "areas_name_trgm_idx";--> statement-breakpoint
DROP INDEX "attributes_name_trgm_idx";--> statement-breakpoint
DROP INDEX "categories_name_trgm_idx";--> statement-breakpoint
DROP INDEX "facilities_name_trgm_idx";--> statement-breakpoint
DROP INDEX "group_attributes_name_trgm_idx";--> statement-breakpoint
DROP INDEX "services_name_trgm_idx";--> statement-breakpoint
DROP INDEX "types_name_trgm_idx";--> statement-breakpoint
DROP INDEX "locations_name_trgm_idx";--> statement-breakpoint
DROP INDEX "locations_slug_trgm_idx";--> statement-breakpoint
DROP INDEX "hotels_name_trgm_idx";--> statement-breakpoint
DROP INDEX "hotels_slug_trgm_idx";--> statement-breakpoint
DROP INDEX "rooms_name_trgm_idx";--> statement-breakpoint
DROP INDEX "rooms_code_trgm_idx";--> statement-breakpoint
DROP INDEX "orders_code_trgm_idx";--> statement-breakpoint
DROP INDEX "orders_customer_name_trgm_idx";--> statement-breakpoint
DROP INDEX "orders_customer_email_trgm_idx";--> statement-breakpoint
DROP INDEX "orders_passport_trgm_idx";--> statement-breakpoint
DROP INDEX "transportations_name_trgm_idx";--> statement-breakpoint
DROP INDEX "transportations_vehicle_trgm_idx";--> statement-breakpoint
DROP INDEX "train_routes_name_trgm_idx";--> statement-breakpoint
DROP INDEX "train_routes_code_trgm_idx";--> statement-breakpoint
CREATE INDEX "areas_company_name_trgm_idx" ON "areas" USING gin ("company_id",lower("name") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "attributes_company_name_trgm_idx" ON "attributes" USING gin ("company_id",lower("name") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "categories_company_name_trgm_idx" ON "categories" USING gin ("company_id",lower("name") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "facilities_company_name_trgm_idx" ON "facilities" USING gin ("company_id",lower("name") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "group_attributes_company_name_trgm_idx" ON "group_attributes" USING gin ("company_id",lower("name") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "services_company_name_trgm_idx" ON "services" USING gin ("company_id",lower("name") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "types_company_name_trgm_idx" ON "types" USING gin ("company_id",lower("name") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "locations_company_name_trgm_idx" ON "locations" USING gin ("company_id",lower("name") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "locations_company_slug_trgm_idx" ON "locations" USING gin ("company_id",lower("slug") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "hotels_company_name_trgm_idx" ON "hotels" USING gin ("company_id",lower("name") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "hotels_company_slug_trgm_idx" ON "hotels" USING gin ("company_id",lower("slug") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "rooms_company_name_trgm_idx" ON "rooms" USING gin ("company_id",lower("name") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "rooms_company_code_trgm_idx" ON "rooms" USING gin ("company_id",lower("code") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "orders_company_code_trgm_idx" ON "orders" USING gin ("company_id",lower("code") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "orders_company_customer_name_trgm_idx" ON "orders" USING gin ("company_id",lower("customer_name") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "orders_company_customer_email_trgm_idx" ON "orders" USING gin ("company_id",lower("customer_email") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "orders_company_passport_trgm_idx" ON "orders" USING gin ("company_id",lower("customer_passport_number") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "transportations_company_name_trgm_idx" ON "transportations" USING gin ("company_id",lower("name") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "transportations_company_vehicle_trgm_idx" ON "transportations" USING gin ("company_id",lower("vehicle_number") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "train_routes_company_name_trgm_idx" ON "train_routes" USING gin ("company_id",lower("name") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "train_routes_company_code_trgm_idx" ON "train_routes" USING gin ("company_id",lower("code") gin_trgm_ops) WITH (fastupdate=false);
