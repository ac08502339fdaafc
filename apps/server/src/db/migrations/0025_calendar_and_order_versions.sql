CREATE TABLE "calendar_versions" (
	"calendar" varchar(64) NOT NULL,
	"item_id" integer NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "calendar_versions_calendar_item_id_pk" PRIMARY KEY("calendar","item_id")
);
--> statement-breakpoint
ALTER TABLE "room_availability" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "transportation_schedules" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "train_schedules" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ziyarah_schedules" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_log_company_at_idx" ON "audit_log" USING btree ("company_id","at");