CREATE TABLE "pilgrim_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"pilgrim_id" integer NOT NULL,
	"position" integer NOT NULL,
	"type" varchar(16) NOT NULL,
	"file" varchar(255),
	"status" varchar(16) NOT NULL,
	"note" varchar(2000),
	"verified_by" integer,
	"verified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pilgrims" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"full_name" varchar(191) NOT NULL,
	"gender" varchar(8) NOT NULL,
	"birth_date" date,
	"birth_place" varchar(191),
	"nationality" varchar(2) DEFAULT 'ID' NOT NULL,
	"nik" varchar(16),
	"passport_number" varchar(20),
	"passport_issued" date,
	"passport_expiry" date,
	"passport_office" varchar(191),
	"phone" varchar(16),
	"email" varchar(191),
	"address" text,
	"city" varchar(191),
	"mahram_id" integer,
	"mahram_relation" varchar(16),
	"vaccine_date" date,
	"vaccine_certificate" varchar(191),
	"emergency_name" varchar(191),
	"emergency_phone" varchar(16),
	"photo" varchar(255),
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pilgrims_nik_digits" CHECK ("pilgrims"."nik" ~ '^[0-9]{16}$'),
	CONSTRAINT "pilgrims_passport_dates" CHECK ("pilgrims"."passport_expiry" > "pilgrims"."passport_issued"),
	CONSTRAINT "pilgrims_mahram_not_self" CHECK ("pilgrims"."mahram_id" <> "pilgrims"."id")
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "phone" varchar(16);--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "logo" varchar(255);--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "passport_validity_months" smallint DEFAULT 6 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "mahram_min_age" smallint;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "private" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pilgrim_documents" ADD CONSTRAINT "pilgrim_documents_pilgrim_id_pilgrims_id_fk" FOREIGN KEY ("pilgrim_id") REFERENCES "public"."pilgrims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pilgrim_documents" ADD CONSTRAINT "pilgrim_documents_file_uploads_file_name_fk" FOREIGN KEY ("file") REFERENCES "public"."uploads"("file_name") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pilgrim_documents" ADD CONSTRAINT "pilgrim_documents_verified_by_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pilgrims" ADD CONSTRAINT "pilgrims_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pilgrims" ADD CONSTRAINT "pilgrims_mahram_id_pilgrims_id_fk" FOREIGN KEY ("mahram_id") REFERENCES "public"."pilgrims"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pilgrims" ADD CONSTRAINT "pilgrims_photo_uploads_file_name_fk" FOREIGN KEY ("photo") REFERENCES "public"."uploads"("file_name") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pilgrim_documents_pilgrim_idx" ON "pilgrim_documents" USING btree ("pilgrim_id","position");--> statement-breakpoint
CREATE INDEX "pilgrim_documents_status_idx" ON "pilgrim_documents" USING btree ("status","pilgrim_id");--> statement-breakpoint
CREATE INDEX "pilgrim_documents_file_idx" ON "pilgrim_documents" USING btree ("file");--> statement-breakpoint
CREATE UNIQUE INDEX "pilgrims_company_nik_uq" ON "pilgrims" USING btree ("company_id","nik") WHERE "pilgrims"."nik" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "pilgrims_company_passport_uq" ON "pilgrims" USING btree ("company_id",lower("passport_number"));--> statement-breakpoint
CREATE INDEX "pilgrims_company_created_idx" ON "pilgrims" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "pilgrims_company_full_name_idx" ON "pilgrims" USING btree ("company_id","full_name");--> statement-breakpoint
CREATE INDEX "pilgrims_company_gender_idx" ON "pilgrims" USING btree ("company_id","gender","id");--> statement-breakpoint
CREATE INDEX "pilgrims_company_birth_date_idx" ON "pilgrims" USING btree ("company_id","birth_date");--> statement-breakpoint
CREATE INDEX "pilgrims_company_nik_idx" ON "pilgrims" USING btree ("company_id","nik");--> statement-breakpoint
CREATE INDEX "pilgrims_company_passport_number_idx" ON "pilgrims" USING btree ("company_id","passport_number");--> statement-breakpoint
CREATE INDEX "pilgrims_company_passport_expiry_idx" ON "pilgrims" USING btree ("company_id","passport_expiry");--> statement-breakpoint
CREATE INDEX "pilgrims_company_phone_idx" ON "pilgrims" USING btree ("company_id","phone");--> statement-breakpoint
CREATE INDEX "pilgrims_company_city_idx" ON "pilgrims" USING btree ("company_id","city");--> statement-breakpoint
CREATE INDEX "pilgrims_mahram_idx" ON "pilgrims" USING btree ("mahram_id");--> statement-breakpoint
CREATE INDEX "pilgrims_photo_idx" ON "pilgrims" USING btree ("photo");--> statement-breakpoint
CREATE INDEX "pilgrims_company_full_name_trgm_idx" ON "pilgrims" USING gin ("company_id",lower("full_name") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "pilgrims_company_passport_number_trgm_idx" ON "pilgrims" USING gin ("company_id",lower("passport_number") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "pilgrims_company_nik_trgm_idx" ON "pilgrims" USING gin ("company_id",lower("nik") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "pilgrims_company_phone_trgm_idx" ON "pilgrims" USING gin ("company_id",lower("phone") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_logo_uploads_file_name_fk" FOREIGN KEY ("logo") REFERENCES "public"."uploads"("file_name") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Hand-written (issue 28): owners of companies that exist before this migration hold every company
-- permission (DESIGN §5), so they get the new ones now; syncPermissions adds nothing it finds here.
INSERT INTO "permissions" ("name", "display_name")
SELECT n, initcap(replace(n, '_', ' ')) FROM unnest(ARRAY[
  'pilgrim_list','pilgrim_create','pilgrim_view','pilgrim_update','pilgrim_delete','pilgrim_export',
  'pilgrim_import','pilgrim_approval','pilgrim_documents','company_setting'
]) AS n
ON CONFLICT ("name") DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id")
SELECT r."id", p."id" FROM "roles" r
JOIN "permissions" p ON p."name" IN (
  'pilgrim_list','pilgrim_create','pilgrim_view','pilgrim_update','pilgrim_delete','pilgrim_export',
  'pilgrim_import','pilgrim_approval','pilgrim_documents','company_setting'
)
WHERE r."name" = 'owner'
ON CONFLICT DO NOTHING;
