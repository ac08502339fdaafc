ALTER TABLE "companies" ADD COLUMN "weekend_days" smallint[] DEFAULT '{5,6}'::smallint[] NOT NULL;--> statement-breakpoint
ALTER TABLE "areas" ADD COLUMN "name_en" varchar(191);--> statement-breakpoint
ALTER TABLE "areas" ADD COLUMN "name_id" varchar(191);--> statement-breakpoint
ALTER TABLE "attributes" ADD COLUMN "name_en" varchar(191);--> statement-breakpoint
ALTER TABLE "attributes" ADD COLUMN "name_id" varchar(191);--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "name_en" varchar(191);--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "name_id" varchar(191);--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "name_en" varchar(191);--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "name_id" varchar(191);--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "name_en" varchar(191);--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "name_id" varchar(191);--> statement-breakpoint
ALTER TABLE "types" ADD COLUMN "name_en" varchar(191);--> statement-breakpoint
ALTER TABLE "types" ADD COLUMN "name_id" varchar(191);