CREATE TABLE "location_general_info" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"position" integer NOT NULL,
	"title" varchar(191) NOT NULL,
	"description" text,
	"content" text
);
--> statement-breakpoint
CREATE TABLE "location_trip_ideas" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"position" integer NOT NULL,
	"title" varchar(191) NOT NULL,
	"description" text,
	"link" varchar(2000),
	"image" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"parent_id" integer,
	"name" varchar(191) NOT NULL,
	"slug" varchar(191) NOT NULL,
	"description" text NOT NULL,
	"description_en" text,
	"status" varchar(16) NOT NULL,
	"lat" double precision NOT NULL,
	"long" double precision NOT NULL,
	"zoom" smallint DEFAULT 5 NOT NULL,
	"banner_image" varchar(255),
	"featured_image" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "location_general_info" ADD CONSTRAINT "location_general_info_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_trip_ideas" ADD CONSTRAINT "location_trip_ideas_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_parent_id_locations_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "location_general_info_location_idx" ON "location_general_info" USING btree ("location_id","position");--> statement-breakpoint
CREATE INDEX "location_trip_ideas_location_idx" ON "location_trip_ideas" USING btree ("location_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "locations_company_slug_uq" ON "locations" USING btree ("company_id","slug");--> statement-breakpoint
CREATE INDEX "locations_company_created_idx" ON "locations" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "locations_company_name_idx" ON "locations" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "locations_company_lat_idx" ON "locations" USING btree ("company_id","lat");--> statement-breakpoint
CREATE INDEX "locations_company_long_idx" ON "locations" USING btree ("company_id","long");--> statement-breakpoint
CREATE INDEX "locations_company_zoom_idx" ON "locations" USING btree ("company_id","zoom","id");--> statement-breakpoint
CREATE INDEX "locations_company_status_idx" ON "locations" USING btree ("company_id","status","id");--> statement-breakpoint
CREATE INDEX "locations_parent_idx" ON "locations" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "locations_name_trgm_idx" ON "locations" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "locations_slug_trgm_idx" ON "locations" USING gin (lower("slug") gin_trgm_ops);