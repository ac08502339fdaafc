CREATE TABLE "ziyarah_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"tour_id" integer NOT NULL,
	"date" date NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"child_price" numeric(14, 2) NOT NULL,
	"max_passengers" integer NOT NULL,
	"blocked" boolean DEFAULT false NOT NULL,
	CONSTRAINT "ziyarah_schedules_money_ck" CHECK ("ziyarah_schedules"."price" >= 0 AND "ziyarah_schedules"."child_price" >= 0),
	CONSTRAINT "ziyarah_schedules_passengers_ck" CHECK ("ziyarah_schedules"."max_passengers" BETWEEN 0 AND 500)
);
--> statement-breakpoint
CREATE TABLE "ziyarah_tours" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"name" varchar(191) NOT NULL,
	"slug" varchar(191) NOT NULL,
	"description" text,
	"image" varchar(255),
	"pickup_time" time NOT NULL,
	"duration_hours" numeric(3, 1) NOT NULL,
	"max_passengers" integer NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"child_price" numeric(14, 2) NOT NULL,
	"status" varchar(16) DEFAULT 'draft' NOT NULL,
	"is_featured" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ziyarah_tours_status_ck" CHECK ("ziyarah_tours"."status" IN ('publish', 'draft')),
	CONSTRAINT "ziyarah_tours_money_ck" CHECK ("ziyarah_tours"."price" >= 0 AND "ziyarah_tours"."child_price" >= 0),
	CONSTRAINT "ziyarah_tours_hours_ck" CHECK ("ziyarah_tours"."duration_hours" BETWEEN 0.5 AND 24),
	CONSTRAINT "ziyarah_tours_passengers_ck" CHECK ("ziyarah_tours"."max_passengers" BETWEEN 1 AND 500)
);
--> statement-breakpoint
ALTER TABLE "ziyarah_schedules" ADD CONSTRAINT "ziyarah_schedules_tour_id_ziyarah_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."ziyarah_tours"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ziyarah_tours" ADD CONSTRAINT "ziyarah_tours_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ziyarah_tours" ADD CONSTRAINT "ziyarah_tours_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ziyarah_tours" ADD CONSTRAINT "ziyarah_tours_image_uploads_file_name_fk" FOREIGN KEY ("image") REFERENCES "public"."uploads"("file_name") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ziyarah_schedules_day_uq" ON "ziyarah_schedules" USING btree ("tour_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "ziyarah_tours_company_slug_uq" ON "ziyarah_tours" USING btree ("company_id","slug");--> statement-breakpoint
CREATE INDEX "ziyarah_tours_company_created_idx" ON "ziyarah_tours" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "ziyarah_tours_company_name_idx" ON "ziyarah_tours" USING btree ("company_id","name","id");--> statement-breakpoint
CREATE INDEX "ziyarah_tours_company_slug_idx" ON "ziyarah_tours" USING btree ("company_id","slug","id");--> statement-breakpoint
CREATE INDEX "ziyarah_tours_company_pickup_idx" ON "ziyarah_tours" USING btree ("company_id","pickup_time","id");--> statement-breakpoint
CREATE INDEX "ziyarah_tours_company_hours_idx" ON "ziyarah_tours" USING btree ("company_id","duration_hours","id");--> statement-breakpoint
CREATE INDEX "ziyarah_tours_company_passengers_idx" ON "ziyarah_tours" USING btree ("company_id","max_passengers","id");--> statement-breakpoint
CREATE INDEX "ziyarah_tours_company_price_idx" ON "ziyarah_tours" USING btree ("company_id","price","id");--> statement-breakpoint
CREATE INDEX "ziyarah_tours_company_child_price_idx" ON "ziyarah_tours" USING btree ("company_id","child_price","id");--> statement-breakpoint
CREATE INDEX "ziyarah_tours_company_status_idx" ON "ziyarah_tours" USING btree ("company_id","status","id");--> statement-breakpoint
CREATE INDEX "ziyarah_tours_location_idx" ON "ziyarah_tours" USING btree ("location_id","id");--> statement-breakpoint
CREATE INDEX "ziyarah_tours_image_idx" ON "ziyarah_tours" USING btree ("image");--> statement-breakpoint
CREATE INDEX "ziyarah_tours_company_name_trgm_idx" ON "ziyarah_tours" USING gin ("company_id",lower("name") gin_trgm_ops) WITH (fastupdate=false);