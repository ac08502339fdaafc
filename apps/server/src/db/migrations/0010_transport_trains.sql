CREATE TABLE "transportation_attributes" (
	"transportation_id" integer NOT NULL,
	"attribute_id" integer NOT NULL,
	CONSTRAINT "transportation_attributes_transportation_id_attribute_id_pk" PRIMARY KEY("transportation_id","attribute_id")
);
--> statement-breakpoint
CREATE TABLE "transportation_faqs" (
	"id" serial PRIMARY KEY NOT NULL,
	"transportation_id" integer NOT NULL,
	"position" integer NOT NULL,
	"title" varchar(191) NOT NULL,
	"content" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transportation_prices_extra" (
	"id" serial PRIMARY KEY NOT NULL,
	"transportation_id" integer NOT NULL,
	"position" integer NOT NULL,
	"name" varchar(191) NOT NULL,
	"value" numeric(14, 2) NOT NULL,
	"type" varchar(16) NOT NULL,
	"person_price" boolean DEFAULT false NOT NULL,
	CONSTRAINT "transportation_prices_extra_value_ck" CHECK ("transportation_prices_extra"."value" >= 0),
	CONSTRAINT "transportation_prices_extra_type_ck" CHECK ("transportation_prices_extra"."type" IN ('one_time', 'per_day'))
);
--> statement-breakpoint
CREATE TABLE "transportation_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"transportation_id" integer NOT NULL,
	"date" date NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"sale_price" numeric(14, 2) NOT NULL,
	"blocked" boolean DEFAULT false NOT NULL,
	CONSTRAINT "transportation_schedules_money_ck" CHECK ("transportation_schedules"."price" >= 0 AND "transportation_schedules"."sale_price" >= 0 AND "transportation_schedules"."sale_price" <= "transportation_schedules"."price")
);
--> statement-breakpoint
CREATE TABLE "transportation_service_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"transportation_id" integer NOT NULL,
	"position" integer NOT NULL,
	"name" varchar(191) NOT NULL,
	"name_en" varchar(191),
	"description" text,
	"description_en" text,
	"value" numeric(14, 2) NOT NULL,
	"type" varchar(16) NOT NULL,
	"person_price" boolean DEFAULT false NOT NULL,
	CONSTRAINT "transportation_service_prices_value_ck" CHECK ("transportation_service_prices"."value" >= 0 AND ("transportation_service_prices"."type" <> 'percent' OR "transportation_service_prices"."value" <= 100)),
	CONSTRAINT "transportation_service_prices_type_ck" CHECK ("transportation_service_prices"."type" IN ('fixed', 'percent'))
);
--> statement-breakpoint
CREATE TABLE "transportations" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"name" varchar(191) NOT NULL,
	"slug" varchar(191) NOT NULL,
	"content" text,
	"status" varchar(16) DEFAULT 'draft' NOT NULL,
	"is_featured" boolean DEFAULT false NOT NULL,
	"youtube" varchar(500),
	"vehicle_number" varchar(50),
	"min_reservation" integer DEFAULT 0 NOT NULL,
	"max_day" integer DEFAULT 1 NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"sale_price" numeric(14, 2),
	"extra_price" boolean DEFAULT false NOT NULL,
	"service_fee" boolean DEFAULT false NOT NULL,
	"real_address" varchar(500) NOT NULL,
	"lat" double precision NOT NULL,
	"long" double precision NOT NULL,
	"zoom" smallint DEFAULT 5 NOT NULL,
	"featured_image" varchar(255),
	"banner_image" varchar(255),
	"gallery" varchar(255)[] DEFAULT '{}'::varchar[] NOT NULL,
	"meta_title" varchar(191) NOT NULL,
	"meta_description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transportations_price_ck" CHECK ("transportations"."price" >= 0),
	CONSTRAINT "transportations_sale_price_ck" CHECK ("transportations"."sale_price" IS NULL OR ("transportations"."sale_price" >= 0 AND "transportations"."sale_price" <= "transportations"."price")),
	CONSTRAINT "transportations_days_ck" CHECK ("transportations"."min_reservation" BETWEEN 0 AND 365 AND "transportations"."max_day" BETWEEN 1 AND 365),
	CONSTRAINT "transportations_gallery_ck" CHECK (cardinality("transportations"."gallery") <= 20)
);
--> statement-breakpoint
CREATE TABLE "train_route_attributes" (
	"route_id" integer NOT NULL,
	"attribute_id" integer NOT NULL,
	CONSTRAINT "train_route_attributes_route_id_attribute_id_pk" PRIMARY KEY("route_id","attribute_id")
);
--> statement-breakpoint
CREATE TABLE "train_routes" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" varchar(191) NOT NULL,
	"code" varchar(50) NOT NULL,
	"from_id" integer NOT NULL,
	"to_id" integer NOT NULL,
	"departure_time" time NOT NULL,
	"arrival_time" time NOT NULL,
	"duration" numeric(5, 2) NOT NULL,
	"price_adult" numeric(14, 2) NOT NULL,
	"price_children" numeric(14, 2) NOT NULL,
	"max_passengers" integer NOT NULL,
	"bagage_checkin" numeric(6, 2) NOT NULL,
	"bagage_cabin" numeric(6, 2) NOT NULL,
	"train_type" varchar(16) DEFAULT 'economy' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"featured_image" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "train_routes_places_ck" CHECK ("train_routes"."from_id" <> "train_routes"."to_id"),
	CONSTRAINT "train_routes_type_ck" CHECK ("train_routes"."train_type" IN ('economy', 'business')),
	CONSTRAINT "train_routes_money_ck" CHECK ("train_routes"."price_adult" >= 0 AND "train_routes"."price_children" >= 0),
	CONSTRAINT "train_routes_passengers_ck" CHECK ("train_routes"."max_passengers" BETWEEN 1 AND 5000),
	CONSTRAINT "train_routes_baggage_ck" CHECK ("train_routes"."bagage_checkin" BETWEEN 0 AND 1000 AND "train_routes"."bagage_cabin" BETWEEN 0 AND 1000),
	CONSTRAINT "train_routes_duration_ck" CHECK ("train_routes"."departure_time" <> "train_routes"."arrival_time" AND "train_routes"."duration" = round(((extract(epoch from "train_routes"."arrival_time") - extract(epoch from "train_routes"."departure_time") + 86400) % 86400) / 3600, 2))
);
--> statement-breakpoint
CREATE TABLE "train_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"route_id" integer NOT NULL,
	"train_type" varchar(16) NOT NULL,
	"date" date NOT NULL,
	"price_adult" numeric(14, 2) NOT NULL,
	"price_children" numeric(14, 2) NOT NULL,
	"max_passengers" integer NOT NULL,
	"blocked" boolean DEFAULT false NOT NULL,
	CONSTRAINT "train_schedules_type_ck" CHECK ("train_schedules"."train_type" IN ('economy', 'business')),
	CONSTRAINT "train_schedules_money_ck" CHECK ("train_schedules"."price_adult" >= 0 AND "train_schedules"."price_children" >= 0),
	CONSTRAINT "train_schedules_passengers_ck" CHECK ("train_schedules"."max_passengers" BETWEEN 0 AND 5000)
);
--> statement-breakpoint
ALTER TABLE "transportation_attributes" ADD CONSTRAINT "transportation_attributes_transportation_id_transportations_id_fk" FOREIGN KEY ("transportation_id") REFERENCES "public"."transportations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transportation_attributes" ADD CONSTRAINT "transportation_attributes_attribute_id_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."attributes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transportation_faqs" ADD CONSTRAINT "transportation_faqs_transportation_id_transportations_id_fk" FOREIGN KEY ("transportation_id") REFERENCES "public"."transportations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transportation_prices_extra" ADD CONSTRAINT "transportation_prices_extra_transportation_id_transportations_id_fk" FOREIGN KEY ("transportation_id") REFERENCES "public"."transportations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transportation_schedules" ADD CONSTRAINT "transportation_schedules_transportation_id_transportations_id_fk" FOREIGN KEY ("transportation_id") REFERENCES "public"."transportations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transportation_service_prices" ADD CONSTRAINT "transportation_service_prices_transportation_id_transportations_id_fk" FOREIGN KEY ("transportation_id") REFERENCES "public"."transportations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transportations" ADD CONSTRAINT "transportations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transportations" ADD CONSTRAINT "transportations_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_route_attributes" ADD CONSTRAINT "train_route_attributes_route_id_train_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."train_routes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_route_attributes" ADD CONSTRAINT "train_route_attributes_attribute_id_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."attributes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_routes" ADD CONSTRAINT "train_routes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_routes" ADD CONSTRAINT "train_routes_from_id_locations_id_fk" FOREIGN KEY ("from_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_routes" ADD CONSTRAINT "train_routes_to_id_locations_id_fk" FOREIGN KEY ("to_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_schedules" ADD CONSTRAINT "train_schedules_route_id_train_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."train_routes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transportation_attributes_attr_idx" ON "transportation_attributes" USING btree ("attribute_id");--> statement-breakpoint
CREATE INDEX "transportation_faqs_parent_idx" ON "transportation_faqs" USING btree ("transportation_id","position");--> statement-breakpoint
CREATE INDEX "transportation_prices_extra_parent_idx" ON "transportation_prices_extra" USING btree ("transportation_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "transportation_schedules_day_uq" ON "transportation_schedules" USING btree ("transportation_id","date");--> statement-breakpoint
CREATE INDEX "transportation_service_prices_parent_idx" ON "transportation_service_prices" USING btree ("transportation_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "transportations_company_slug_uq" ON "transportations" USING btree ("company_id","slug");--> statement-breakpoint
CREATE INDEX "transportations_company_created_idx" ON "transportations" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "transportations_company_name_idx" ON "transportations" USING btree ("company_id","name","id");--> statement-breakpoint
CREATE INDEX "transportations_company_slug_idx" ON "transportations" USING btree ("company_id","slug","id");--> statement-breakpoint
CREATE INDEX "transportations_company_vehicle_idx" ON "transportations" USING btree ("company_id","vehicle_number","id");--> statement-breakpoint
CREATE INDEX "transportations_company_price_idx" ON "transportations" USING btree ("company_id","price","id");--> statement-breakpoint
CREATE INDEX "transportations_company_sale_price_idx" ON "transportations" USING btree ("company_id","sale_price","id");--> statement-breakpoint
CREATE INDEX "transportations_company_min_res_idx" ON "transportations" USING btree ("company_id","min_reservation","id");--> statement-breakpoint
CREATE INDEX "transportations_company_max_day_idx" ON "transportations" USING btree ("company_id","max_day","id");--> statement-breakpoint
CREATE INDEX "transportations_company_status_idx" ON "transportations" USING btree ("company_id","status","id");--> statement-breakpoint
CREATE INDEX "transportations_location_idx" ON "transportations" USING btree ("location_id","id");--> statement-breakpoint
CREATE INDEX "transportations_name_trgm_idx" ON "transportations" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "transportations_vehicle_trgm_idx" ON "transportations" USING gin (lower("vehicle_number") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "train_route_attributes_attr_idx" ON "train_route_attributes" USING btree ("attribute_id");--> statement-breakpoint
CREATE UNIQUE INDEX "train_routes_company_code_uq" ON "train_routes" USING btree ("company_id",lower("code"));--> statement-breakpoint
CREATE INDEX "train_routes_company_created_idx" ON "train_routes" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "train_routes_company_name_idx" ON "train_routes" USING btree ("company_id","name","id");--> statement-breakpoint
CREATE INDEX "train_routes_company_code_idx" ON "train_routes" USING btree ("company_id","code","id");--> statement-breakpoint
CREATE INDEX "train_routes_company_price_adult_idx" ON "train_routes" USING btree ("company_id","price_adult","id");--> statement-breakpoint
CREATE INDEX "train_routes_company_price_children_idx" ON "train_routes" USING btree ("company_id","price_children","id");--> statement-breakpoint
CREATE INDEX "train_routes_company_departure_idx" ON "train_routes" USING btree ("company_id","departure_time","id");--> statement-breakpoint
CREATE INDEX "train_routes_company_arrival_idx" ON "train_routes" USING btree ("company_id","arrival_time","id");--> statement-breakpoint
CREATE INDEX "train_routes_company_duration_idx" ON "train_routes" USING btree ("company_id","duration","id");--> statement-breakpoint
CREATE INDEX "train_routes_company_passengers_idx" ON "train_routes" USING btree ("company_id","max_passengers","id");--> statement-breakpoint
CREATE INDEX "train_routes_company_checkin_idx" ON "train_routes" USING btree ("company_id","bagage_checkin","id");--> statement-breakpoint
CREATE INDEX "train_routes_company_cabin_idx" ON "train_routes" USING btree ("company_id","bagage_cabin","id");--> statement-breakpoint
CREATE INDEX "train_routes_company_type_idx" ON "train_routes" USING btree ("company_id","train_type","id");--> statement-breakpoint
CREATE INDEX "train_routes_company_active_idx" ON "train_routes" USING btree ("company_id","is_active","id");--> statement-breakpoint
CREATE INDEX "train_routes_from_idx" ON "train_routes" USING btree ("from_id");--> statement-breakpoint
CREATE INDEX "train_routes_to_idx" ON "train_routes" USING btree ("to_id");--> statement-breakpoint
CREATE INDEX "train_routes_name_trgm_idx" ON "train_routes" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "train_routes_code_trgm_idx" ON "train_routes" USING gin (lower("code") gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "train_schedules_day_uq" ON "train_schedules" USING btree ("route_id","train_type","date");