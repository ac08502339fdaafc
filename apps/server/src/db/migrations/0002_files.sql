CREATE TABLE "galleries" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"file_name" varchar(64) NOT NULL,
	"title" varchar(191),
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"file_name" varchar(64) NOT NULL,
	"mime_type" varchar(32) NOT NULL,
	"size" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"original_name" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_file_name_uq" UNIQUE("file_name")
);
--> statement-breakpoint
ALTER TABLE "galleries" ADD CONSTRAINT "galleries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "galleries" ADD CONSTRAINT "galleries_file_name_uploads_file_name_fk" FOREIGN KEY ("file_name") REFERENCES "public"."uploads"("file_name") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "galleries_company_created_idx" ON "galleries" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "galleries_company_sort_idx" ON "galleries" USING btree ("company_id","sort_order","id");--> statement-breakpoint
CREATE INDEX "galleries_company_title_idx" ON "galleries" USING btree ("company_id","title");--> statement-breakpoint
CREATE INDEX "galleries_file_name_idx" ON "galleries" USING btree ("file_name");--> statement-breakpoint
CREATE INDEX "uploads_company_created_idx" ON "uploads" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "uploads_created_idx" ON "uploads" USING btree ("created_at");