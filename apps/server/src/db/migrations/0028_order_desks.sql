-- Issue 27: the desks an order appears on are rows, not a column per kind. Each row carries its order's
-- status through the foreign key on (order, company, status), ON UPDATE CASCADE, so a status move reaches
-- every desk row in the same statement; the list counters count the rows per desk and per desk_status.
ALTER TABLE "orders" ADD CONSTRAINT "orders_id_company_status_uq" UNIQUE("id","company_id","status");--> statement-breakpoint
CREATE TABLE "order_desks" (
	"order_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"desk" varchar(32) NOT NULL,
	"status" varchar(16) NOT NULL,
	"desk_status" varchar(49) GENERATED ALWAYS AS ("desk" || ':' || "status") STORED,
	CONSTRAINT "order_desks_pk" PRIMARY KEY("order_id","desk"),
	CONSTRAINT "order_desks_desk_ck" CHECK ("order_desks"."desk" IN ('hotel', 'train', 'transportation'))
);
--> statement-breakpoint
ALTER TABLE "order_desks" ADD CONSTRAINT "order_desks_order_fk" FOREIGN KEY ("order_id","company_id","status") REFERENCES "public"."orders"("id","company_id","status") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "order_desks_company_desk_idx" ON "order_desks" USING btree ("company_id","desk","order_id");--> statement-breakpoint
-- Every existing order keeps its desks: one row per desk column that was set, with the order's status.
INSERT INTO "order_desks" ("order_id", "company_id", "desk", "status")
SELECT o."id", o."company_id", d."desk", o."status"
FROM "orders" o
CROSS JOIN LATERAL (VALUES ('hotel', o."has_room"), ('train', o."has_train"), ('transportation', o."has_transportation")) AS d("desk", "on_desk")
WHERE d."on_desk";--> statement-breakpoint
-- The counters of the old desk columns go with them; the server installs those of both tables at start.
SELECT list_counters_uninstall('orders');--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_desks_ck";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "hotel_status";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "train_status";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "transportation_status";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "has_room";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "has_train";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "has_transportation";--> statement-breakpoint
-- An order is on at least one desk (what orders_desks_ck said), checked at commit: after the order is
-- written with its desks, and after a desk row of a remaining order is deleted.
CREATE FUNCTION orders_need_desk() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  oid integer;
BEGIN
  IF TG_TABLE_NAME = 'orders' THEN
    oid := NEW."id";
  ELSE
    oid := OLD."order_id";
  END IF;
  IF EXISTS (SELECT 1 FROM "orders" WHERE "id" = oid) AND NOT EXISTS (SELECT 1 FROM "order_desks" WHERE "order_id" = oid) THEN
    RAISE EXCEPTION 'order % is on no desk', oid USING ERRCODE = 'check_violation', CONSTRAINT = 'orders_desks_ck', TABLE = 'orders';
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "orders_desks_ck" AFTER INSERT ON "orders" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION orders_need_desk();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "order_desks_last_ck" AFTER DELETE ON "order_desks" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION orders_need_desk();
