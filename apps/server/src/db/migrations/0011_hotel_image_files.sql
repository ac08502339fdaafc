ALTER TABLE "hotel_images" ALTER COLUMN "file_name" SET DATA TYPE varchar(64);--> statement-breakpoint
ALTER TABLE "hotels" ALTER COLUMN "featured_image" SET DATA TYPE varchar(64);--> statement-breakpoint
ALTER TABLE "hotels" ALTER COLUMN "banner_image" SET DATA TYPE varchar(64);--> statement-breakpoint
ALTER TABLE "rooms" ALTER COLUMN "featured_image" SET DATA TYPE varchar(64);--> statement-breakpoint
ALTER TABLE "hotel_images" ADD CONSTRAINT "hotel_images_file_name_uploads_file_name_fk" FOREIGN KEY ("file_name") REFERENCES "public"."uploads"("file_name") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotels" ADD CONSTRAINT "hotels_featured_image_uploads_file_name_fk" FOREIGN KEY ("featured_image") REFERENCES "public"."uploads"("file_name") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotels" ADD CONSTRAINT "hotels_banner_image_uploads_file_name_fk" FOREIGN KEY ("banner_image") REFERENCES "public"."uploads"("file_name") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_featured_image_uploads_file_name_fk" FOREIGN KEY ("featured_image") REFERENCES "public"."uploads"("file_name") ON DELETE restrict ON UPDATE no action;