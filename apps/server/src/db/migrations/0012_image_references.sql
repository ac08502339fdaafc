-- Image columns name stored uploads from now on; a name no upload has is cleared first.
UPDATE "locations" SET "banner_image" = NULL WHERE "banner_image" IS NOT NULL AND "banner_image" NOT IN (SELECT "file_name" FROM "uploads");--> statement-breakpoint
UPDATE "locations" SET "featured_image" = NULL WHERE "featured_image" IS NOT NULL AND "featured_image" NOT IN (SELECT "file_name" FROM "uploads");--> statement-breakpoint
UPDATE "location_trip_ideas" SET "image" = NULL WHERE "image" IS NOT NULL AND "image" NOT IN (SELECT "file_name" FROM "uploads");--> statement-breakpoint
UPDATE "transportations" SET "featured_image" = NULL WHERE "featured_image" IS NOT NULL AND "featured_image" NOT IN (SELECT "file_name" FROM "uploads");--> statement-breakpoint
UPDATE "transportations" SET "banner_image" = NULL WHERE "banner_image" IS NOT NULL AND "banner_image" NOT IN (SELECT "file_name" FROM "uploads");--> statement-breakpoint
UPDATE "train_routes" SET "featured_image" = NULL WHERE "featured_image" IS NOT NULL AND "featured_image" NOT IN (SELECT "file_name" FROM "uploads");--> statement-breakpoint
ALTER TABLE "location_trip_ideas" ADD CONSTRAINT "location_trip_ideas_image_uploads_file_name_fk" FOREIGN KEY ("image") REFERENCES "public"."uploads"("file_name") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_banner_image_uploads_file_name_fk" FOREIGN KEY ("banner_image") REFERENCES "public"."uploads"("file_name") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_featured_image_uploads_file_name_fk" FOREIGN KEY ("featured_image") REFERENCES "public"."uploads"("file_name") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transportations" ADD CONSTRAINT "transportations_featured_image_uploads_file_name_fk" FOREIGN KEY ("featured_image") REFERENCES "public"."uploads"("file_name") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transportations" ADD CONSTRAINT "transportations_banner_image_uploads_file_name_fk" FOREIGN KEY ("banner_image") REFERENCES "public"."uploads"("file_name") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_routes" ADD CONSTRAINT "train_routes_featured_image_uploads_file_name_fk" FOREIGN KEY ("featured_image") REFERENCES "public"."uploads"("file_name") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "location_trip_ideas_image_idx" ON "location_trip_ideas" USING btree ("image");--> statement-breakpoint
CREATE INDEX "locations_banner_image_idx" ON "locations" USING btree ("banner_image");--> statement-breakpoint
CREATE INDEX "locations_featured_image_idx" ON "locations" USING btree ("featured_image");--> statement-breakpoint
CREATE INDEX "transportations_featured_image_idx" ON "transportations" USING btree ("featured_image");--> statement-breakpoint
CREATE INDEX "transportations_banner_image_idx" ON "transportations" USING btree ("banner_image");--> statement-breakpoint
CREATE INDEX "transportations_gallery_gin_idx" ON "transportations" USING gin ("gallery");--> statement-breakpoint
CREATE INDEX "train_routes_featured_image_idx" ON "train_routes" USING btree ("featured_image");