CREATE TABLE "hotel_educations" (
	"id" serial PRIMARY KEY NOT NULL,
	"hotel_id" integer NOT NULL,
	"position" integer NOT NULL,
	"name" varchar(191) NOT NULL,
	"description" text,
	"distance" numeric(10, 2) NOT NULL,
	"type" varchar(4) NOT NULL,
	CONSTRAINT "hotel_educations_distance_ck" CHECK ("hotel_educations"."distance" >= 0),
	CONSTRAINT "hotel_educations_type_ck" CHECK ("hotel_educations"."type" IN ('m', 'km'))
);
--> statement-breakpoint
CREATE TABLE "hotel_extra_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"hotel_id" integer NOT NULL,
	"position" integer NOT NULL,
	"name" varchar(191) NOT NULL,
	"value" numeric(14, 2) NOT NULL,
	"type" varchar(16) NOT NULL,
	"person_price" boolean DEFAULT false NOT NULL,
	CONSTRAINT "hotel_extra_prices_value_ck" CHECK ("hotel_extra_prices"."value" >= 0),
	CONSTRAINT "hotel_extra_prices_type_ck" CHECK ("hotel_extra_prices"."type" IN ('one_time', 'per_day'))
);
--> statement-breakpoint
CREATE TABLE "hotel_facilities" (
	"hotel_id" integer NOT NULL,
	"facility_id" integer NOT NULL,
	CONSTRAINT "hotel_facilities_pk" PRIMARY KEY("hotel_id","facility_id")
);
--> statement-breakpoint
CREATE TABLE "hotel_healths" (
	"id" serial PRIMARY KEY NOT NULL,
	"hotel_id" integer NOT NULL,
	"position" integer NOT NULL,
	"name" varchar(191) NOT NULL,
	"description" text,
	"distance" numeric(10, 2) NOT NULL,
	"type" varchar(4) NOT NULL,
	CONSTRAINT "hotel_healths_distance_ck" CHECK ("hotel_healths"."distance" >= 0),
	CONSTRAINT "hotel_healths_type_ck" CHECK ("hotel_healths"."type" IN ('m', 'km'))
);
--> statement-breakpoint
CREATE TABLE "hotel_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"hotel_id" integer NOT NULL,
	"position" integer NOT NULL,
	"file_name" varchar(255) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hotel_policies" (
	"id" serial PRIMARY KEY NOT NULL,
	"hotel_id" integer NOT NULL,
	"position" integer NOT NULL,
	"title" varchar(191) NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hotel_service_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"hotel_id" integer NOT NULL,
	"position" integer NOT NULL,
	"name" varchar(191) NOT NULL,
	"name_en" varchar(191),
	"description" text,
	"description_en" text,
	"value" numeric(14, 2) NOT NULL,
	"type" varchar(16) NOT NULL,
	"person_price" boolean DEFAULT false NOT NULL,
	CONSTRAINT "hotel_service_prices_value_ck" CHECK ("hotel_service_prices"."value" >= 0 AND ("hotel_service_prices"."type" <> 'percent' OR "hotel_service_prices"."value" <= 100)),
	CONSTRAINT "hotel_service_prices_type_ck" CHECK ("hotel_service_prices"."type" IN ('fixed', 'percent'))
);
--> statement-breakpoint
CREATE TABLE "hotel_services" (
	"hotel_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	CONSTRAINT "hotel_services_pk" PRIMARY KEY("hotel_id","service_id")
);
--> statement-breakpoint
CREATE TABLE "hotel_transportations" (
	"id" serial PRIMARY KEY NOT NULL,
	"hotel_id" integer NOT NULL,
	"position" integer NOT NULL,
	"name" varchar(191) NOT NULL,
	"description" text,
	"distance" numeric(10, 2) NOT NULL,
	"type" varchar(4) NOT NULL,
	CONSTRAINT "hotel_transportations_distance_ck" CHECK ("hotel_transportations"."distance" >= 0),
	CONSTRAINT "hotel_transportations_type_ck" CHECK ("hotel_transportations"."type" IN ('m', 'km'))
);
--> statement-breakpoint
CREATE TABLE "hotel_types" (
	"hotel_id" integer NOT NULL,
	"type_id" integer NOT NULL,
	CONSTRAINT "hotel_types_pk" PRIMARY KEY("hotel_id","type_id")
);
--> statement-breakpoint
CREATE TABLE "hotels" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"location_name" varchar(191) DEFAULT '' NOT NULL,
	"category_id" integer,
	"name" varchar(191) NOT NULL,
	"slug" varchar(191) NOT NULL,
	"content" text,
	"youtube" varchar(500),
	"rating" smallint NOT NULL,
	"check_in" varchar(5) NOT NULL,
	"check_out" varchar(5) NOT NULL,
	"min_reservation" integer NOT NULL,
	"max_stay" integer NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"is_featured" boolean DEFAULT false NOT NULL,
	"status" varchar(16) DEFAULT 'draft' NOT NULL,
	"extra_price" boolean DEFAULT false NOT NULL,
	"service_fee" boolean DEFAULT false NOT NULL,
	"real_address" varchar(500) NOT NULL,
	"lat" double precision NOT NULL,
	"long" double precision NOT NULL,
	"zoom" smallint DEFAULT 5 NOT NULL,
	"meta_title" varchar(191) NOT NULL,
	"meta_description" text NOT NULL,
	"featured_image" varchar(255),
	"banner_image" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hotels_rating_ck" CHECK ("hotels"."rating" BETWEEN 1 AND 5),
	CONSTRAINT "hotels_check_in_ck" CHECK ("hotels"."check_in" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
	CONSTRAINT "hotels_check_out_ck" CHECK ("hotels"."check_out" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
	CONSTRAINT "hotels_price_ck" CHECK ("hotels"."price" >= 0),
	CONSTRAINT "hotels_counts_ck" CHECK ("hotels"."min_reservation" >= 0 AND "hotels"."max_stay" >= 0)
);
--> statement-breakpoint
CREATE TABLE "room_attributes" (
	"room_id" integer NOT NULL,
	"attribute_id" integer NOT NULL,
	CONSTRAINT "room_attributes_pk" PRIMARY KEY("room_id","attribute_id")
);
--> statement-breakpoint
CREATE TABLE "room_availability" (
	"id" serial PRIMARY KEY NOT NULL,
	"room_id" integer NOT NULL,
	"date" date NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"capacity" integer NOT NULL,
	"blocked" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "room_availability_values_ck" CHECK ("room_availability"."price" >= 0 AND "room_availability"."capacity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "rooms" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"hotel_id" integer NOT NULL,
	"name" varchar(191) NOT NULL,
	"code" varchar(64) NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"min_stay" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"room_stock" integer NOT NULL,
	"beds" integer NOT NULL,
	"room_size" numeric(8, 2) NOT NULL,
	"max_adult" integer NOT NULL,
	"max_children" integer NOT NULL,
	"featured_image" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rooms_numbers_ck" CHECK ("rooms"."price" >= 0 AND "rooms"."min_stay" >= 1 AND "rooms"."room_stock" >= 0 AND "rooms"."beds" >= 1 AND "rooms"."room_size" >= 0 AND "rooms"."max_adult" >= 1 AND "rooms"."max_children" >= 0)
);
--> statement-breakpoint
ALTER TABLE "hotel_educations" ADD CONSTRAINT "hotel_educations_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotel_extra_prices" ADD CONSTRAINT "hotel_extra_prices_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotel_facilities" ADD CONSTRAINT "hotel_facilities_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotel_facilities" ADD CONSTRAINT "hotel_facilities_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotel_healths" ADD CONSTRAINT "hotel_healths_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotel_images" ADD CONSTRAINT "hotel_images_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotel_policies" ADD CONSTRAINT "hotel_policies_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotel_service_prices" ADD CONSTRAINT "hotel_service_prices_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotel_services" ADD CONSTRAINT "hotel_services_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotel_services" ADD CONSTRAINT "hotel_services_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotel_transportations" ADD CONSTRAINT "hotel_transportations_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotel_types" ADD CONSTRAINT "hotel_types_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotel_types" ADD CONSTRAINT "hotel_types_type_id_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotels" ADD CONSTRAINT "hotels_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotels" ADD CONSTRAINT "hotels_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotels" ADD CONSTRAINT "hotels_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_attributes" ADD CONSTRAINT "room_attributes_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_attributes" ADD CONSTRAINT "room_attributes_attribute_id_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."attributes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_availability" ADD CONSTRAINT "room_availability_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hotel_educations_hotel_idx" ON "hotel_educations" USING btree ("hotel_id","position");--> statement-breakpoint
CREATE INDEX "hotel_extra_prices_hotel_idx" ON "hotel_extra_prices" USING btree ("hotel_id","position");--> statement-breakpoint
CREATE INDEX "hotel_facilities_ref_idx" ON "hotel_facilities" USING btree ("facility_id");--> statement-breakpoint
CREATE INDEX "hotel_healths_hotel_idx" ON "hotel_healths" USING btree ("hotel_id","position");--> statement-breakpoint
CREATE INDEX "hotel_images_hotel_idx" ON "hotel_images" USING btree ("hotel_id","position");--> statement-breakpoint
CREATE INDEX "hotel_policies_hotel_idx" ON "hotel_policies" USING btree ("hotel_id","position");--> statement-breakpoint
CREATE INDEX "hotel_service_prices_hotel_idx" ON "hotel_service_prices" USING btree ("hotel_id","position");--> statement-breakpoint
CREATE INDEX "hotel_services_ref_idx" ON "hotel_services" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "hotel_transportations_hotel_idx" ON "hotel_transportations" USING btree ("hotel_id","position");--> statement-breakpoint
CREATE INDEX "hotel_types_ref_idx" ON "hotel_types" USING btree ("type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "hotels_company_slug_uq" ON "hotels" USING btree ("company_id","slug");--> statement-breakpoint
CREATE INDEX "hotels_company_created_idx" ON "hotels" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "hotels_company_name_idx" ON "hotels" USING btree ("company_id","name","id");--> statement-breakpoint
CREATE INDEX "hotels_company_location_name_idx" ON "hotels" USING btree ("company_id","location_name","id");--> statement-breakpoint
CREATE INDEX "hotels_company_long_idx" ON "hotels" USING btree ("company_id","long","id");--> statement-breakpoint
CREATE INDEX "hotels_company_lat_idx" ON "hotels" USING btree ("company_id","lat","id");--> statement-breakpoint
CREATE INDEX "hotels_company_zoom_idx" ON "hotels" USING btree ("company_id","zoom","id");--> statement-breakpoint
CREATE INDEX "hotels_company_rating_idx" ON "hotels" USING btree ("company_id","rating","id");--> statement-breakpoint
CREATE INDEX "hotels_company_check_in_idx" ON "hotels" USING btree ("company_id","check_in","id");--> statement-breakpoint
CREATE INDEX "hotels_company_check_out_idx" ON "hotels" USING btree ("company_id","check_out","id");--> statement-breakpoint
CREATE INDEX "hotels_company_min_reservation_idx" ON "hotels" USING btree ("company_id","min_reservation","id");--> statement-breakpoint
CREATE INDEX "hotels_company_max_stay_idx" ON "hotels" USING btree ("company_id","max_stay","id");--> statement-breakpoint
CREATE INDEX "hotels_company_featured_idx" ON "hotels" USING btree ("company_id","is_featured","id");--> statement-breakpoint
CREATE INDEX "hotels_company_price_idx" ON "hotels" USING btree ("company_id","price","id");--> statement-breakpoint
CREATE INDEX "hotels_company_status_idx" ON "hotels" USING btree ("company_id","status","id");--> statement-breakpoint
CREATE INDEX "hotels_location_idx" ON "hotels" USING btree ("location_id","id");--> statement-breakpoint
CREATE INDEX "hotels_category_idx" ON "hotels" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "hotels_name_trgm_idx" ON "hotels" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "hotels_slug_trgm_idx" ON "hotels" USING gin (lower("slug") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "room_attributes_attribute_idx" ON "room_attributes" USING btree ("attribute_id");--> statement-breakpoint
CREATE UNIQUE INDEX "room_availability_room_date_uq" ON "room_availability" USING btree ("room_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "rooms_hotel_code_uq" ON "rooms" USING btree ("hotel_id",lower("code"));--> statement-breakpoint
CREATE INDEX "rooms_company_created_idx" ON "rooms" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "rooms_company_name_idx" ON "rooms" USING btree ("company_id","name","id");--> statement-breakpoint
CREATE INDEX "rooms_company_code_idx" ON "rooms" USING btree ("company_id","code","id");--> statement-breakpoint
CREATE INDEX "rooms_company_price_idx" ON "rooms" USING btree ("company_id","price","id");--> statement-breakpoint
CREATE INDEX "rooms_company_active_idx" ON "rooms" USING btree ("company_id","is_active","id");--> statement-breakpoint
CREATE INDEX "rooms_hotel_idx" ON "rooms" USING btree ("hotel_id","id");--> statement-breakpoint
CREATE INDEX "rooms_name_trgm_idx" ON "rooms" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "rooms_code_trgm_idx" ON "rooms" USING gin (lower("code") gin_trgm_ops);--> statement-breakpoint
-- The hotel list sorts by its location's name through an index: the name is kept on the hotel row.
CREATE FUNCTION hotels_location_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT l.name INTO NEW.location_name FROM locations l WHERE l.id = NEW.location_id;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER hotels_location_name_trg BEFORE INSERT OR UPDATE OF location_id ON hotels
  FOR EACH ROW EXECUTE FUNCTION hotels_location_name();--> statement-breakpoint
CREATE FUNCTION locations_rename_hotels() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE hotels SET location_name = NEW.name WHERE location_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER locations_rename_hotels_trg AFTER UPDATE OF name ON locations
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION locations_rename_hotels();--> statement-breakpoint
-- A day's capacity never exceeds its room's stock (DESIGN §7 limits), whatever writes the row.
CREATE FUNCTION room_availability_capacity() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.capacity > (SELECT r.room_stock FROM rooms r WHERE r.id = NEW.room_id) THEN
    RAISE EXCEPTION 'capacity % is above the room stock', NEW.capacity
      USING ERRCODE = '23514', CONSTRAINT = 'room_availability_capacity_ck';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER room_availability_capacity_trg BEFORE INSERT OR UPDATE OF capacity, room_id ON room_availability
  FOR EACH ROW EXECUTE FUNCTION room_availability_capacity();--> statement-breakpoint
-- Lowering a room's stock below a capacity already set from today on is refused.
CREATE FUNCTION rooms_stock_capacity() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.room_stock < OLD.room_stock AND EXISTS (
    SELECT 1 FROM room_availability a
    WHERE a.room_id = NEW.id AND a.date >= current_date AND a.capacity > NEW.room_stock
  ) THEN
    RAISE EXCEPTION 'room stock % is below a capacity already set', NEW.room_stock
      USING ERRCODE = '23514', CONSTRAINT = 'rooms_stock_capacity_ck';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER rooms_stock_capacity_trg BEFORE UPDATE OF room_stock ON rooms
  FOR EACH ROW EXECUTE FUNCTION rooms_stock_capacity();
