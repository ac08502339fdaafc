CREATE INDEX "areas_company_active_idx" ON "areas" USING btree ("company_id","is_active","id");--> statement-breakpoint
CREATE INDEX "attributes_company_name_idx" ON "attributes" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "attributes_company_active_idx" ON "attributes" USING btree ("company_id","is_active","id");--> statement-breakpoint
CREATE INDEX "categories_company_active_idx" ON "categories" USING btree ("company_id","is_active","id");--> statement-breakpoint
CREATE INDEX "facilities_company_active_idx" ON "facilities" USING btree ("company_id","is_active","id");--> statement-breakpoint
CREATE INDEX "group_attributes_company_name_idx" ON "group_attributes" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "services_company_active_idx" ON "services" USING btree ("company_id","is_active","id");--> statement-breakpoint
CREATE INDEX "types_company_active_idx" ON "types" USING btree ("company_id","is_active","id");