ALTER TABLE "hotel_facilities" DROP CONSTRAINT "hotel_facilities_facility_id_facilities_id_fk";
--> statement-breakpoint
ALTER TABLE "hotel_services" DROP CONSTRAINT "hotel_services_service_id_services_id_fk";
--> statement-breakpoint
ALTER TABLE "hotel_types" DROP CONSTRAINT "hotel_types_type_id_types_id_fk";
--> statement-breakpoint
ALTER TABLE "hotels" DROP CONSTRAINT "hotels_category_id_categories_id_fk";
--> statement-breakpoint
ALTER TABLE "room_attributes" DROP CONSTRAINT "room_attributes_attribute_id_attributes_id_fk";
--> statement-breakpoint
ALTER TABLE "transportation_attributes" DROP CONSTRAINT "transportation_attributes_attribute_id_attributes_id_fk";
--> statement-breakpoint
ALTER TABLE "train_route_attributes" DROP CONSTRAINT "train_route_attributes_attribute_id_attributes_id_fk";
--> statement-breakpoint
ALTER TABLE "hotel_facilities" ADD CONSTRAINT "hotel_facilities_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotel_services" ADD CONSTRAINT "hotel_services_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotel_types" ADD CONSTRAINT "hotel_types_type_id_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotels" ADD CONSTRAINT "hotels_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_attributes" ADD CONSTRAINT "room_attributes_attribute_id_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."attributes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transportation_attributes" ADD CONSTRAINT "transportation_attributes_attribute_id_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."attributes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_route_attributes" ADD CONSTRAINT "train_route_attributes_attribute_id_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."attributes"("id") ON DELETE restrict ON UPDATE no action;