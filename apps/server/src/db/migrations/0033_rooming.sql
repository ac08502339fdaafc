CREATE TABLE "rooming_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"room_id" integer NOT NULL,
	"stay_id" integer NOT NULL,
	"pilgrim_id" integer NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rooming_rooms" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"departure_id" integer NOT NULL,
	"stay_id" integer NOT NULL,
	"position" integer NOT NULL,
	"label" varchar(20) NOT NULL,
	"room_type" varchar(16) NOT NULL,
	"occupants" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rooming_rooms_id_stay_uq" UNIQUE("id","stay_id"),
	CONSTRAINT "rooming_rooms_type_ck" CHECK ("rooming_rooms"."room_type" IN ('quad', 'triple', 'double')),
	CONSTRAINT "rooming_rooms_capacity_ck" CHECK ("rooming_rooms"."occupants" >= 0 AND "rooming_rooms"."occupants" <= CASE "room_type" WHEN 'quad' THEN 4 WHEN 'triple' THEN 3 WHEN 'double' THEN 2 ELSE 0 END)
);
--> statement-breakpoint
ALTER TABLE "rooming_assignments" ADD CONSTRAINT "rooming_assignments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooming_assignments" ADD CONSTRAINT "rooming_assignments_pilgrim_id_pilgrims_id_fk" FOREIGN KEY ("pilgrim_id") REFERENCES "public"."pilgrims"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooming_assignments" ADD CONSTRAINT "rooming_assignments_room_fk" FOREIGN KEY ("room_id","stay_id") REFERENCES "public"."rooming_rooms"("id","stay_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooming_rooms" ADD CONSTRAINT "rooming_rooms_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooming_rooms" ADD CONSTRAINT "rooming_rooms_departure_id_departures_id_fk" FOREIGN KEY ("departure_id") REFERENCES "public"."departures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooming_rooms" ADD CONSTRAINT "rooming_rooms_stay_id_departure_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."departure_stays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rooming_assignments_stay_pilgrim_uq" ON "rooming_assignments" USING btree ("stay_id","pilgrim_id");--> statement-breakpoint
CREATE INDEX "rooming_assignments_room_idx" ON "rooming_assignments" USING btree ("room_id","position");--> statement-breakpoint
CREATE INDEX "rooming_assignments_pilgrim_idx" ON "rooming_assignments" USING btree ("pilgrim_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rooming_rooms_stay_label_uq" ON "rooming_rooms" USING btree ("stay_id","label");--> statement-breakpoint
CREATE INDEX "rooming_rooms_departure_idx" ON "rooming_rooms" USING btree ("departure_id","stay_id","position");
--> statement-breakpoint
-- A room's occupants, counted by the database for every writer: once per statement over the rows it wrote
-- (transition tables). The count is checked against the room type's beds by rooming_rooms_capacity_ck, so a
-- fifth pilgrim in a quad room is refused whatever wrote it.
CREATE FUNCTION rooming_occupants_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE rooming_rooms r SET occupants = r.occupants + a.n
    FROM (SELECT room_id, count(*)::int AS n FROM added GROUP BY room_id) a WHERE r.id = a.room_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION rooming_occupants_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE rooming_rooms r SET occupants = r.occupants - g.n
    FROM (SELECT room_id, count(*)::int AS n FROM removed GROUP BY room_id) g WHERE r.id = g.room_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION rooming_occupants_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE rooming_rooms r SET occupants = r.occupants - g.n
    FROM (SELECT room_id, count(*)::int AS n FROM removed GROUP BY room_id) g WHERE r.id = g.room_id;
  UPDATE rooming_rooms r SET occupants = r.occupants + a.n
    FROM (SELECT room_id, count(*)::int AS n FROM added GROUP BY room_id) a WHERE r.id = a.room_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER rooming_assignments_ins_trg AFTER INSERT ON rooming_assignments
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION rooming_occupants_add();--> statement-breakpoint
CREATE TRIGGER rooming_assignments_del_trg AFTER DELETE ON rooming_assignments
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION rooming_occupants_remove();--> statement-breakpoint
CREATE TRIGGER rooming_assignments_upd_trg AFTER UPDATE ON rooming_assignments
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION rooming_occupants_move();--> statement-breakpoint
-- A stay whose room type changes no longer matches its rooms or what its pilgrims bought: its list is emptied.
CREATE FUNCTION rooming_stay_type_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM rooming_rooms WHERE stay_id = NEW.id AND room_type <> NEW.room_type;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER rooming_stay_type_trg AFTER UPDATE OF room_type ON departure_stays
  FOR EACH ROW WHEN (OLD.room_type IS DISTINCT FROM NEW.room_type) EXECUTE FUNCTION rooming_stay_type_changed();
