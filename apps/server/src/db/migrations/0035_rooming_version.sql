-- The rooming list of a stay is saved with the version its editor read (no lost write when two clerks
-- arrange the same hotel at once): every save bumps it, a save naming an older one is refused with 409.
ALTER TABLE "departure_stays" ADD COLUMN "rooming_version" integer DEFAULT 0 NOT NULL;