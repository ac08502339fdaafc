CREATE TABLE "list_counter_tables" (
	"tbl" text PRIMARY KEY NOT NULL,
	"company_col" text NOT NULL,
	"keys" text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "list_counters" (
	"tbl" text NOT NULL,
	"company_id" integer NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "list_counters_tbl_key_value_company_id_pk" PRIMARY KEY("tbl","key","value","company_id")
);
