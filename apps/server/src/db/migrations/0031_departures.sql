CREATE TABLE "departure_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"departure_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"room_type" varchar(16) NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"currency" varchar(3) NOT NULL,
	CONSTRAINT "departure_prices_type_ck" CHECK ("departure_prices"."room_type" IN ('quad', 'triple', 'double')),
	CONSTRAINT "departure_prices_money_ck" CHECK ("departure_prices"."price" >= 0),
	CONSTRAINT "departure_prices_currency_ck" CHECK ("departure_prices"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
CREATE TABLE "departure_stays" (
	"id" serial PRIMARY KEY NOT NULL,
	"departure_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"hotel_id" integer NOT NULL,
	"room_id" integer NOT NULL,
	"room_type" varchar(16) NOT NULL,
	"check_in" date NOT NULL,
	"check_out" date NOT NULL,
	"rooms" integer NOT NULL,
	CONSTRAINT "departure_stays_type_ck" CHECK ("departure_stays"."room_type" IN ('quad', 'triple', 'double')),
	CONSTRAINT "departure_stays_dates_ck" CHECK ("departure_stays"."check_out" > "departure_stays"."check_in"),
	CONSTRAINT "departure_stays_rooms_ck" CHECK ("departure_stays"."rooms" >= 1)
);
--> statement-breakpoint
CREATE TABLE "departure_trains" (
	"id" serial PRIMARY KEY NOT NULL,
	"departure_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"route_id" integer NOT NULL,
	"train_type" varchar(16) NOT NULL,
	"date" date NOT NULL,
	"seats" integer NOT NULL,
	CONSTRAINT "departure_trains_seats_ck" CHECK ("departure_trains"."seats" >= 1)
);
--> statement-breakpoint
CREATE TABLE "departure_transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"departure_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"transportation_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	CONSTRAINT "departure_transfers_dates_ck" CHECK ("departure_transfers"."end_date" >= "departure_transfers"."start_date")
);
--> statement-breakpoint
CREATE TABLE "departure_ziyarah" (
	"id" serial PRIMARY KEY NOT NULL,
	"departure_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"tour_id" integer NOT NULL,
	"date" date NOT NULL,
	"seats" integer NOT NULL,
	CONSTRAINT "departure_ziyarah_seats_ck" CHECK ("departure_ziyarah"."seats" >= 1)
);
--> statement-breakpoint
CREATE TABLE "departures" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"code" varchar(30) NOT NULL,
	"name" varchar(191) NOT NULL,
	"departure_date" date NOT NULL,
	"return_date" date NOT NULL,
	"program_days" integer GENERATED ALWAYS AS (("return_date" - "departure_date") + 1) STORED NOT NULL,
	"seats" integer NOT NULL,
	"seats_sold" integer DEFAULT 0 NOT NULL,
	"outbound_flight" jsonb,
	"return_flight" jsonb,
	"notes" text,
	"status" varchar(16) DEFAULT 'draft' NOT NULL,
	"allotment" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "departures_dates_ck" CHECK ("departures"."return_date" >= "departures"."departure_date"),
	CONSTRAINT "departures_seats_ck" CHECK ("departures"."seats" BETWEEN 1 AND 2000),
	CONSTRAINT "departures_sold_ck" CHECK ("departures"."seats_sold" >= 0 AND "departures"."seats_sold" <= "departures"."seats"),
	CONSTRAINT "departures_status_ck" CHECK ("departures"."status" IN ('draft', 'open', 'closed', 'departed', 'completed', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "departure_prices" ADD CONSTRAINT "departure_prices_departure_id_departures_id_fk" FOREIGN KEY ("departure_id") REFERENCES "public"."departures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departure_stays" ADD CONSTRAINT "departure_stays_departure_id_departures_id_fk" FOREIGN KEY ("departure_id") REFERENCES "public"."departures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departure_stays" ADD CONSTRAINT "departure_stays_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departure_stays" ADD CONSTRAINT "departure_stays_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departure_trains" ADD CONSTRAINT "departure_trains_departure_id_departures_id_fk" FOREIGN KEY ("departure_id") REFERENCES "public"."departures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departure_trains" ADD CONSTRAINT "departure_trains_route_id_train_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."train_routes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departure_transfers" ADD CONSTRAINT "departure_transfers_departure_id_departures_id_fk" FOREIGN KEY ("departure_id") REFERENCES "public"."departures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departure_transfers" ADD CONSTRAINT "departure_transfers_transportation_id_transportations_id_fk" FOREIGN KEY ("transportation_id") REFERENCES "public"."transportations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departure_ziyarah" ADD CONSTRAINT "departure_ziyarah_departure_id_departures_id_fk" FOREIGN KEY ("departure_id") REFERENCES "public"."departures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departure_ziyarah" ADD CONSTRAINT "departure_ziyarah_tour_id_ziyarah_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."ziyarah_tours"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departures" ADD CONSTRAINT "departures_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "departure_prices_type_uq" ON "departure_prices" USING btree ("departure_id","room_type");--> statement-breakpoint
CREATE INDEX "departure_stays_departure_idx" ON "departure_stays" USING btree ("departure_id","position");--> statement-breakpoint
CREATE INDEX "departure_stays_hotel_idx" ON "departure_stays" USING btree ("hotel_id");--> statement-breakpoint
CREATE INDEX "departure_stays_room_idx" ON "departure_stays" USING btree ("room_id");--> statement-breakpoint
CREATE INDEX "departure_trains_departure_idx" ON "departure_trains" USING btree ("departure_id","position");--> statement-breakpoint
CREATE INDEX "departure_trains_route_idx" ON "departure_trains" USING btree ("route_id");--> statement-breakpoint
CREATE INDEX "departure_transfers_departure_idx" ON "departure_transfers" USING btree ("departure_id","position");--> statement-breakpoint
CREATE INDEX "departure_transfers_vehicle_idx" ON "departure_transfers" USING btree ("transportation_id");--> statement-breakpoint
CREATE INDEX "departure_ziyarah_departure_idx" ON "departure_ziyarah" USING btree ("departure_id","position");--> statement-breakpoint
CREATE INDEX "departure_ziyarah_tour_idx" ON "departure_ziyarah" USING btree ("tour_id");--> statement-breakpoint
CREATE UNIQUE INDEX "departures_company_code_uq" ON "departures" USING btree ("company_id","code");--> statement-breakpoint
CREATE INDEX "departures_company_created_idx" ON "departures" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "departures_company_name_idx" ON "departures" USING btree ("company_id","name","id");--> statement-breakpoint
CREATE INDEX "departures_company_departure_idx" ON "departures" USING btree ("company_id","departure_date","id");--> statement-breakpoint
CREATE INDEX "departures_company_return_idx" ON "departures" USING btree ("company_id","return_date","id");--> statement-breakpoint
CREATE INDEX "departures_company_days_idx" ON "departures" USING btree ("company_id","program_days","id");--> statement-breakpoint
CREATE INDEX "departures_company_seats_idx" ON "departures" USING btree ("company_id","seats","id");--> statement-breakpoint
CREATE INDEX "departures_company_status_idx" ON "departures" USING btree ("company_id","status","id");--> statement-breakpoint
CREATE INDEX "departures_company_name_trgm_idx" ON "departures" USING gin ("company_id",lower("name") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "departures_company_code_trgm_idx" ON "departures" USING gin ("company_id",lower("code") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
-- Hand-written (issue 29): the permission entity `departure`. Owners of companies that exist before this
-- migration hold every company permission and admins write the products (DESIGN §5, shared permissions.ts),
-- so both get the new ones now; syncPermissions adds nothing it finds here.
INSERT INTO "permissions" ("name", "display_name")
SELECT n, initcap(replace(n, '_', ' ')) FROM unnest(ARRAY[
  'departure_list','departure_create','departure_view','departure_update','departure_delete','departure_export',
  'departure_import','departure_approval'
]) AS n
ON CONFLICT ("name") DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id")
SELECT r."id", p."id" FROM "roles" r
JOIN "permissions" p ON p."name" IN (
  'departure_list','departure_create','departure_view','departure_update','departure_delete','departure_export',
  'departure_import','departure_approval'
)
WHERE r."name" = 'owner'
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id")
SELECT r."id", p."id" FROM "roles" r
JOIN "permissions" p ON p."name" IN (
  'departure_list','departure_create','departure_view','departure_update','departure_delete','departure_export'
)
WHERE r."name" = 'admin'
ON CONFLICT DO NOTHING;
