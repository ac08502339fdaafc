DROP INDEX "areas_company_name_uq";--> statement-breakpoint
DROP INDEX "categories_company_name_uq";--> statement-breakpoint
DROP INDEX "facilities_company_name_uq";--> statement-breakpoint
DROP INDEX "group_attributes_company_name_uq";--> statement-breakpoint
DROP INDEX "services_company_name_uq";--> statement-breakpoint
DROP INDEX "types_company_name_uq";--> statement-breakpoint
-- Hand SQL (issue 32, item 6): names of locations and reference rows become unique per company ignoring
-- case and spaces. Rows already duplicated are renamed first: the oldest keeps its name, each later one
-- becomes "Makkah (2)", "Makkah (3)", … (the first free number; the name trimmed to leave room).
DO $$
DECLARE
  t text;
  r record;
  n int;
  candidate text;
  taken int;
BEGIN
  FOREACH t IN ARRAY ARRAY['facilities', 'categories', 'services', 'types', 'areas', 'group_attributes', 'locations'] LOOP
    FOR r IN EXECUTE format(
      'SELECT id, company_id, name FROM (SELECT id, company_id, name, row_number() OVER (PARTITION BY company_id, '
      'lower(regexp_replace(trim(name), ''\s+'', '' '', ''g'')) ORDER BY id) AS k FROM %I) d WHERE k > 1 ORDER BY id', t)
    LOOP
      n := 2;
      LOOP
        candidate := left(regexp_replace(trim(r.name), '\s+', ' ', 'g'), 180) || ' (' || n || ')';
        EXECUTE format('SELECT count(*) FROM %I WHERE company_id = $1 AND lower(regexp_replace(trim(name), ''\s+'', '' '', ''g'')) = lower($2)', t)
          INTO taken USING r.company_id, candidate;
        EXIT WHEN taken = 0;
        n := n + 1;
      END LOOP;
      EXECUTE format('UPDATE %I SET name = $1 WHERE id = $2', t) USING candidate, r.id;
    END LOOP;
  END LOOP;
END $$;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "extras" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_fee" numeric(14, 2);--> statement-breakpoint
CREATE UNIQUE INDEX "areas_company_norm_name_uq" ON "areas" USING btree ("company_id",lower(regexp_replace(trim("name"), '\s+', ' ', 'g')));--> statement-breakpoint
CREATE UNIQUE INDEX "categories_company_norm_name_uq" ON "categories" USING btree ("company_id",lower(regexp_replace(trim("name"), '\s+', ' ', 'g')));--> statement-breakpoint
CREATE UNIQUE INDEX "facilities_company_norm_name_uq" ON "facilities" USING btree ("company_id",lower(regexp_replace(trim("name"), '\s+', ' ', 'g')));--> statement-breakpoint
CREATE UNIQUE INDEX "group_attributes_company_norm_name_uq" ON "group_attributes" USING btree ("company_id",lower(regexp_replace(trim("name"), '\s+', ' ', 'g')));--> statement-breakpoint
CREATE UNIQUE INDEX "services_company_norm_name_uq" ON "services" USING btree ("company_id",lower(regexp_replace(trim("name"), '\s+', ' ', 'g')));--> statement-breakpoint
CREATE UNIQUE INDEX "types_company_norm_name_uq" ON "types" USING btree ("company_id",lower(regexp_replace(trim("name"), '\s+', ' ', 'g')));--> statement-breakpoint
CREATE UNIQUE INDEX "locations_company_norm_name_uq" ON "locations" USING btree ("company_id",lower(regexp_replace(trim("name"), '\s+', ' ', 'g')));--> statement-breakpoint
CREATE INDEX "order_payments_company_paid_idx" ON "order_payments" USING btree ("company_id","paid_at");--> statement-breakpoint
CREATE INDEX "orders_company_end_idx" ON "orders" USING btree ("company_id","end_date","id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cancel_fee_ck" CHECK ("orders"."cancel_fee" IS NULL OR ("orders"."cancel_fee" >= 0 AND "orders"."cancel_fee" <= "orders"."total"));