-- Issue 33: a company's counter rows are spread over slots, so its orders no longer commit one at a time.
-- Every order of a company upserts the same five counter rows at commit (orders and order_desks, counted at commit:
-- migration 0034), and holds them until its commit record is on disk: the next order's commit waited for that
-- flush, and the company's orders committed one after another whatever they booked. Now each counter is a few
-- rows, one per slot (the writing backend's pid modulo 16, `list_counter_slot()`), and the counter is their sum:
-- writers on different backends touch different rows, and commits of one company are flushed together again.
-- Exact as before: every row event still adds its own delta, to one of the slots.
--
-- `list_counters` becomes a view of the sums (what every reader reads, unchanged); writing through it (a repair by
-- hand, a test tampering with a count) adds the difference to slot 0. The rows themselves are `list_counter_slots`.
ALTER TABLE "list_counters" RENAME TO "list_counter_slots";--> statement-breakpoint
ALTER TABLE "list_counter_slots" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "list_counter_slots" DROP CONSTRAINT "list_counters_tbl_key_value_company_id_pk";--> statement-breakpoint
ALTER TABLE "list_counter_slots" ADD CONSTRAINT "list_counter_slots_tbl_key_value_company_id_slot_pk" PRIMARY KEY ("tbl", "key", "value", "company_id", "slot");--> statement-breakpoint

-- The slot this backend writes: fixed for a connection, so one transaction's rows are always the same slot's
-- (locked in the same order as before), and two connections share one only by their pids' remainder.
CREATE FUNCTION list_counter_slot() RETURNS smallint
LANGUAGE sql STABLE PARALLEL RESTRICTED AS $$ SELECT (pg_backend_pid() % 16)::smallint $$;
--> statement-breakpoint

CREATE VIEW "list_counters" AS
  SELECT tbl, company_id, key, value, sum(n)::bigint AS n FROM list_counter_slots GROUP BY tbl, company_id, key, value;
--> statement-breakpoint

-- Writing through the view: an insert or update adds what it changes to slot 0; a delete drops every slot.
CREATE FUNCTION list_counters_written() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM list_counter_slots s
     WHERE s.tbl = OLD.tbl AND s.key = OLD.key AND s.value = OLD.value AND s.company_id = OLD.company_id;
    RETURN OLD;
  END IF;
  IF TG_OP = 'UPDATE' AND (NEW.tbl, NEW.company_id, NEW.key, NEW.value) IS DISTINCT FROM (OLD.tbl, OLD.company_id, OLD.key, OLD.value) THEN
    RAISE EXCEPTION 'list_counters: only n can change';
  END IF;
  INSERT INTO list_counter_slots AS c (tbl, company_id, key, value, slot, n)
  VALUES (NEW.tbl, NEW.company_id, NEW.key, NEW.value, 0, NEW.n - CASE WHEN TG_OP = 'UPDATE' THEN OLD.n ELSE 0 END)
  ON CONFLICT (tbl, key, value, company_id, slot) DO UPDATE SET n = c.n + excluded.n;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "list_counters_written" INSTEAD OF INSERT OR UPDATE OR DELETE ON "list_counters"
  FOR EACH ROW EXECUTE FUNCTION list_counters_written();--> statement-breakpoint

-- The statement triggers (migration 0005), into the writer's slot.
CREATE OR REPLACE FUNCTION list_counters_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  company_col text := TG_ARGV[0];
  key_cols text[] := TG_ARGV[1:TG_NARGS - 1];
  src text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS d, to_jsonb(r) AS j FROM list_counters_new r'
    WHEN 'DELETE' THEN 'SELECT -1 AS d, to_jsonb(r) AS j FROM list_counters_old r'
    ELSE 'SELECT 1 AS d, to_jsonb(r) AS j FROM list_counters_new r UNION ALL SELECT -1, to_jsonb(r) FROM list_counters_old r'
  END;
BEGIN
  EXECUTE format(
    $q$INSERT INTO list_counter_slots AS c (tbl, company_id, key, value, slot, n)
       SELECT $1, x.company, x.k, x.v, list_counter_slot(), sum(x.d)
         FROM (SELECT s.d, %s AS company, kv.k, kv.v
                 FROM (%s) s
                CROSS JOIN LATERAL (SELECT ''::text, ''::text
                                    UNION ALL SELECT k, coalesce(s.j ->> k, '') FROM unnest($2::text[]) k) kv(k, v)) x
        GROUP BY 2, 3, 4
       HAVING sum(x.d) <> 0
        ORDER BY 3, 4, 2
       ON CONFLICT (tbl, key, value, company_id, slot) DO UPDATE SET n = c.n + excluded.n$q$,
    CASE WHEN company_col = '' THEN '0' ELSE format('(s.j ->> %L)::int', company_col) END, src)
  USING TG_TABLE_NAME, key_cols;
  RETURN NULL;
END $$;
--> statement-breakpoint

-- The row triggers at commit (migration 0034; an update of a key column), into the writer's slot.
CREATE OR REPLACE FUNCTION list_counters_apply_row() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  company_col text := TG_ARGV[0];
  key_cols text[] := TG_ARGV[1:TG_NARGS - 1];
BEGIN
  INSERT INTO list_counter_slots AS c (tbl, company_id, key, value, slot, n)
  SELECT TG_TABLE_NAME, x.company, x.k, x.v, list_counter_slot(), sum(x.d)
    FROM (SELECT s.d, CASE WHEN company_col = '' THEN 0 ELSE (s.j ->> company_col)::int END AS company, kv.k, kv.v
            FROM (SELECT 1 AS d, to_jsonb(NEW) AS j WHERE TG_OP IN ('INSERT', 'UPDATE')
                  UNION ALL
                  SELECT -1, to_jsonb(OLD) WHERE TG_OP IN ('DELETE', 'UPDATE')) s
           CROSS JOIN LATERAL (SELECT ''::text, ''::text
                               UNION ALL SELECT k, coalesce(s.j ->> k, '') FROM unnest(key_cols) k) kv(k, v)) x
   GROUP BY 2, 3, 4
  HAVING sum(x.d) <> 0
   ORDER BY 3, 4, 2
  ON CONFLICT (tbl, key, value, company_id, slot) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION list_counters_truncated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM list_counter_slots WHERE tbl = TG_TABLE_NAME;
  RETURN NULL;
END $$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION list_counters_uninstall(p_tbl text) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  suffix text;
BEGIN
  FOREACH suffix IN ARRAY ARRAY['ins', 'upd', 'del', 'trunc'] LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', p_tbl || '_counters_' || suffix, p_tbl);
  END LOOP;
  DELETE FROM list_counter_slots WHERE tbl = p_tbl;
  DELETE FROM list_counter_tables WHERE tbl = p_tbl;
END $$;
--> statement-breakpoint

-- As in migration 0036 (a function written for each table counted at commit), into the writer's slot; the rebuild
-- from the table's rows goes to slot 0.
CREATE OR REPLACE FUNCTION list_counters_install(p_tbl text, p_company_col text, p_keys text[], p_at_commit boolean DEFAULT false)
RETURNS void
LANGUAGE plpgsql AS $install$
DECLARE
  args text := array_to_string(ARRAY(SELECT quote_literal(a) FROM unnest(p_company_col || p_keys) a), ', ');
  keys text[] := ARRAY(SELECT k FROM unnest(p_keys) k ORDER BY k);
  fn text := 'list_counters_row_' || p_tbl;
  rowsof text;
  changed text;
BEGIN
  EXECUTE format('LOCK TABLE %I IN SHARE ROW EXCLUSIVE MODE', p_tbl);
  PERFORM list_counters_uninstall(p_tbl);
  IF p_at_commit THEN
    -- VALUES (tbl, company, key, value, slot, delta) for the row %1$s (NEW or OLD) and delta %2$s.
    rowsof := format('(%L, %s, '''', '''', v_slot, %%2$s)', p_tbl,
                     CASE WHEN p_company_col = '' THEN '0' ELSE format('%%1$s.%I', p_company_col) END)
           || coalesce((SELECT string_agg(format(', (%L, %s, %L, coalesce(to_jsonb(%%1$s.%I) #>> ''{}'', ''''), v_slot, %%2$s)', p_tbl,
                                                CASE WHEN p_company_col = '' THEN '0' ELSE format('%%1$s.%I', p_company_col) END, k, k), '' ORDER BY k)
                          FROM unnest(keys) k), '');
    EXECUTE format($f$CREATE OR REPLACE FUNCTION %I() RETURNS trigger LANGUAGE plpgsql AS $b$
DECLARE
  v_slot smallint := list_counter_slot();
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO list_counter_slots AS c (tbl, company_id, key, value, slot, n) VALUES %s
    ON CONFLICT (tbl, key, value, company_id, slot) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO list_counter_slots AS c (tbl, company_id, key, value, slot, n) VALUES %s
    ON CONFLICT (tbl, key, value, company_id, slot) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $b$ $f$, fn, format(rowsof, 'NEW', '1'), format(rowsof, 'OLD', '-1'));
    changed := array_to_string(ARRAY(SELECT format('OLD.%1$I IS DISTINCT FROM NEW.%1$I', c)
                                       FROM unnest(CASE WHEN p_company_col = '' THEN keys ELSE p_company_col || keys END) c), ' OR ');
    EXECUTE format('CREATE CONSTRAINT TRIGGER %I AFTER INSERT ON %I DEFERRABLE INITIALLY DEFERRED '
                   'FOR EACH ROW EXECUTE FUNCTION %I()', p_tbl || '_counters_ins', p_tbl, fn);
    IF changed <> '' THEN
      EXECUTE format('CREATE CONSTRAINT TRIGGER %I AFTER UPDATE ON %I DEFERRABLE INITIALLY DEFERRED '
                     'FOR EACH ROW WHEN (%s) EXECUTE FUNCTION list_counters_apply_row(%s)', p_tbl || '_counters_upd', p_tbl, changed, args);
    END IF;
    EXECUTE format('CREATE CONSTRAINT TRIGGER %I AFTER DELETE ON %I DEFERRABLE INITIALLY DEFERRED '
                   'FOR EACH ROW EXECUTE FUNCTION %I()', p_tbl || '_counters_del', p_tbl, fn);
  ELSE
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS list_counters_new '
                   'FOR EACH STATEMENT EXECUTE FUNCTION list_counters_apply(%s)', p_tbl || '_counters_ins', p_tbl, args);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS list_counters_old NEW TABLE AS list_counters_new '
                   'FOR EACH STATEMENT EXECUTE FUNCTION list_counters_apply(%s)', p_tbl || '_counters_upd', p_tbl, args);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS list_counters_old '
                   'FOR EACH STATEMENT EXECUTE FUNCTION list_counters_apply(%s)', p_tbl || '_counters_del', p_tbl, args);
  END IF;
  EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION list_counters_truncated()',
                 p_tbl || '_counters_trunc', p_tbl);
  INSERT INTO list_counter_slots (tbl, company_id, key, value, slot, n)
  SELECT p_tbl, e.out_company_id, e.out_key, e.out_value, 0, e.out_n FROM list_counters_expected(p_tbl, p_company_col, p_keys) e;
  INSERT INTO list_counter_tables (tbl, company_col, keys, at_commit) VALUES (p_tbl, p_company_col, p_keys, p_at_commit);
END $install$;
--> statement-breakpoint

-- Tables counted at commit take their functions written for slots now (their counters rebuilt from their rows).
DO $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT tbl, company_col, keys FROM list_counter_tables WHERE at_commit ORDER BY tbl LOOP
    PERFORM list_counters_install(r.tbl, r.company_col, r.keys, true);
  END LOOP;
END $$;
