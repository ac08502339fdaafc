CREATE TABLE "departure_pilgrims" (
	"order_item_id" integer NOT NULL,
	"pilgrim_id" integer NOT NULL,
	"departure_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"status" varchar(16) NOT NULL,
	"room_type" varchar(8) NOT NULL,
	CONSTRAINT "departure_pilgrims_pk" PRIMARY KEY("order_item_id","pilgrim_id")
);
--> statement-breakpoint
ALTER TABLE "order_desks" DROP CONSTRAINT "order_desks_desk_ck";--> statement-breakpoint
ALTER TABLE "order_items" DROP CONSTRAINT "order_items_kind_ck";--> statement-breakpoint
ALTER TABLE "departure_pilgrims" ADD CONSTRAINT "departure_pilgrims_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departure_pilgrims" ADD CONSTRAINT "departure_pilgrims_pilgrim_id_pilgrims_id_fk" FOREIGN KEY ("pilgrim_id") REFERENCES "public"."pilgrims"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departure_pilgrims" ADD CONSTRAINT "departure_pilgrims_departure_id_departures_id_fk" FOREIGN KEY ("departure_id") REFERENCES "public"."departures"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departure_pilgrims" ADD CONSTRAINT "departure_pilgrims_order_fk" FOREIGN KEY ("order_id","company_id","status") REFERENCES "public"."orders"("id","company_id","status") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE UNIQUE INDEX "departure_pilgrims_once_uq" ON "departure_pilgrims" USING btree ("departure_id","pilgrim_id") WHERE "departure_pilgrims"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "departure_pilgrims_departure_idx" ON "departure_pilgrims" USING btree ("departure_id","room_type");--> statement-breakpoint
CREATE INDEX "departure_pilgrims_pilgrim_idx" ON "departure_pilgrims" USING btree ("pilgrim_id");--> statement-breakpoint
CREATE INDEX "departure_pilgrims_order_idx" ON "departure_pilgrims" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "order_desks" ADD CONSTRAINT "order_desks_desk_ck" CHECK ("order_desks"."desk" IN ('hotel', 'train', 'transportation', 'ziyarah', 'departure'));--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_kind_ck" CHECK ("order_items"."kind" IN ('room', 'train', 'transportation', 'ziyarah', 'departure'));--> statement-breakpoint
-- Hand-written (issue 29): a departure's seats sold are its live pilgrims, counted by the database as they
-- are written, moved (the order's status cascades here) or deleted; the CHECK departures_sold_ck keeps the
-- count within the quota, so the booking past the last seat fails whatever the application read.
CREATE FUNCTION departure_pilgrims_sold() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status <> 'cancelled' THEN
    UPDATE departures SET seats_sold = seats_sold - 1 WHERE id = OLD.departure_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status <> 'cancelled' THEN
    UPDATE departures SET seats_sold = seats_sold + 1 WHERE id = NEW.departure_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER departure_pilgrims_sold AFTER INSERT OR DELETE OR UPDATE OF status, departure_id ON departure_pilgrims
  FOR EACH ROW EXECUTE FUNCTION departure_pilgrims_sold();--> statement-breakpoint
-- The new desk's permissions, granted in companies that exist before this migration as a new company's
-- default roles get them (DEFAULT_ROLES), as 0029 did for the ziyarah desk.
INSERT INTO "permissions" ("name", "display_name")
SELECT 'order_departure_' || a, 'Order Departure ' || initcap(a)
FROM unnest(ARRAY['list','create','view','update','delete','export','import','approval']) AS a
ON CONFLICT ("name") DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id")
SELECT r."id", p."id"
FROM "roles" r
JOIN (VALUES
  ('owner', ARRAY['list','create','view','update','delete','export','import','approval']),
  ('admin', ARRAY['list','view','export','create','update','delete']),
  ('finance', ARRAY['list','create','view','update','delete','export','import','approval']),
  ('marketing', ARRAY['list','view','export']),
  ('operator', ARRAY['list','view','export'])
) AS g("role", "actions") ON g."role" = r."name"
JOIN "permissions" p ON p."name" IN (SELECT 'order_departure_' || a FROM unnest(g."actions") AS a)
ON CONFLICT DO NOTHING;
