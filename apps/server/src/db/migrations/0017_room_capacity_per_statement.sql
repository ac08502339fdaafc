-- A day's capacity never exceeds its room's stock (DESIGN §7 limits), whatever writes the row: checked once per
-- statement over the rows it wrote (transition tables) instead of once per row. A 366-day range upsert fired
-- the row trigger twice per day (BEFORE INSERT, then BEFORE UPDATE on the conflict), each with its own lookup
-- of the room: about half of the upsert's time (docs/performance/calendars.md).
DROP TRIGGER room_availability_capacity_trg ON room_availability;--> statement-breakpoint
DROP FUNCTION room_availability_capacity();--> statement-breakpoint
CREATE FUNCTION room_availability_capacity() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  over integer;
BEGIN
  SELECT n.capacity INTO over FROM written n JOIN rooms r ON r.id = n.room_id WHERE n.capacity > r.room_stock LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'capacity % is above the room stock', over
      USING ERRCODE = '23514', CONSTRAINT = 'room_availability_capacity_ck';
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER room_availability_capacity_ins_trg AFTER INSERT ON room_availability
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION room_availability_capacity();--> statement-breakpoint
CREATE TRIGGER room_availability_capacity_upd_trg AFTER UPDATE ON room_availability
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION room_availability_capacity();
