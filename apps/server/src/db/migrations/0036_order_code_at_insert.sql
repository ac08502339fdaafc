-- Issue 33: an order's code is written with the order instead of by an UPDATE at commit (migration 0034), which
-- rewrote the row and so every index of `orders` again (code is indexed: no HOT update) and fired the counters'
-- triggers a second time. The number comes from a sequence per company and year: nextval takes no lock and holds
-- nothing until commit, so orders of one company still never wait on each other's open transactions.

-- The company's sequence of `p_year` (`order_code_<company>_<year>`), made when missing (a company's first order
-- of a new year; companies get this year's when made, below). Two first orders of a year meet here: the second
-- waits for the first's commit (the advisory lock), then uses the sequence it made.
CREATE FUNCTION order_code_sequence(p_company integer, p_year integer, p_start integer DEFAULT 1) RETURNS regclass
LANGUAGE plpgsql AS $$
DECLARE
  name text := format('order_code_%s_%s', p_company, p_year);
  seq regclass := to_regclass(name);
BEGIN
  IF seq IS NULL THEN
    PERFORM pg_advisory_xact_lock(hashtext('order_code_sequence'), p_company);
    -- IF NOT EXISTS: made meanwhile by the transaction we waited for.
    EXECUTE format('CREATE SEQUENCE IF NOT EXISTS %I AS integer START %s', name, p_start);
    seq := name::regclass;
  END IF;
  RETURN seq;
END $$;
--> statement-breakpoint

-- `ORD-<year>-<000123>` as the order is inserted, for a row written without a code (or with the placeholder `~…`
-- servers before this migration write). Unique per company: a sequence never hands a number out twice; the
-- unique index (company_id, code) stays as the guard.
CREATE FUNCTION orders_code() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  y integer := extract(year FROM now() AT TIME ZONE 'UTC')::integer;
  n bigint := nextval(order_code_sequence(NEW.company_id, y));
BEGIN
  NEW.code := format('ORD-%s-%s', y, lpad(n::text, greatest(6, length(n::text)), '0'));
  RETURN NEW;
END $$;
--> statement-breakpoint
DROP TRIGGER "orders_number_at_commit" ON "orders";--> statement-breakpoint
DROP FUNCTION orders_number();--> statement-breakpoint
CREATE TRIGGER "orders_code" BEFORE INSERT ON "orders"
  FOR EACH ROW WHEN (NEW.code IS NULL OR NEW.code LIKE '~%') EXECUTE FUNCTION orders_code();--> statement-breakpoint

-- A new company gets this year's sequence with it (its first order makes nothing); a deleted one takes its along.
CREATE FUNCTION companies_order_codes() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  s text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM order_code_sequence(NEW.id, extract(year FROM now() AT TIME ZONE 'UTC')::integer);
  ELSE
    FOR s IN SELECT c.relname FROM pg_class c
              WHERE c.relkind = 'S' AND c.relnamespace = current_schema()::regnamespace
                AND c.relname LIKE format('order\_code\_%s\_%%', OLD.id) LOOP
      EXECUTE format('DROP SEQUENCE %I', s);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "companies_order_codes_ins" AFTER INSERT ON "companies" FOR EACH ROW EXECUTE FUNCTION companies_order_codes();--> statement-breakpoint
CREATE TRIGGER "companies_order_codes_del" AFTER DELETE ON "companies" FOR EACH ROW EXECUTE FUNCTION companies_order_codes();--> statement-breakpoint

-- Every company's sequences: this year's for all (continuing its counter), and any later year a counter holds.
DO $$
DECLARE
  y integer := extract(year FROM now() AT TIME ZONE 'UTC')::integer;
  r record;
BEGIN
  FOR r IN SELECT c.id AS company, y AS year, coalesce(oc.last, 0) + 1 AS next
             FROM companies c LEFT JOIN order_counters oc ON oc.company_id = c.id AND oc.year = y
           UNION ALL
           SELECT oc.company_id, oc.year, oc.last + 1 FROM order_counters oc WHERE oc.year > y LOOP
    PERFORM order_code_sequence(r.company, r.year, r.next);
  END LOOP;
END $$;
--> statement-breakpoint
DROP TABLE "order_counters";--> statement-breakpoint

-- Only orders whose customer is a pilgrim: what deleting a pilgrim looks up (ON DELETE SET NULL).
DROP INDEX "orders_customer_pilgrim_idx";--> statement-breakpoint
CREATE INDEX "orders_customer_pilgrim_idx" ON "orders" USING btree ("customer_pilgrim_id") WHERE "orders"."customer_pilgrim_id" IS NOT NULL;
--> statement-breakpoint

-- Counters at commit (migration 0034) for an insert or a delete: a function written for the table, which upserts
-- its counter rows (the whole list, then one per key column, in primary-key order) from the row's own columns,
-- instead of the generic list_counters_apply_row (the row as jsonb, unnested, grouped, sorted). An update fires
-- only when the company or a key column changes (the trigger's WHEN: an order's payment or edit queues nothing),
-- and goes through the generic function (its -1 and +1 grouped). Same counts, same order of locks.
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
    -- VALUES (tbl, company, key, value, delta) for the row %1$s (NEW or OLD) and delta %2$s.
    rowsof := format('(%L, %s, '''', '''', %%2$s)', p_tbl,
                     CASE WHEN p_company_col = '' THEN '0' ELSE format('%%1$s.%I', p_company_col) END)
           || coalesce((SELECT string_agg(format(', (%L, %s, %L, coalesce(to_jsonb(%%1$s.%I) #>> ''{}'', ''''), %%2$s)', p_tbl,
                                                CASE WHEN p_company_col = '' THEN '0' ELSE format('%%1$s.%I', p_company_col) END, k, k), '' ORDER BY k)
                          FROM unnest(keys) k), '');
    EXECUTE format($f$CREATE OR REPLACE FUNCTION %I() RETURNS trigger LANGUAGE plpgsql AS $b$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO list_counters AS c (tbl, company_id, key, value, n) VALUES %s
    ON CONFLICT (tbl, key, value, company_id) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO list_counters AS c (tbl, company_id, key, value, n) VALUES %s
    ON CONFLICT (tbl, key, value, company_id) DO UPDATE SET n = c.n + excluded.n;
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
  INSERT INTO list_counters (tbl, company_id, key, value, n)
  SELECT p_tbl, e.out_company_id, e.out_key, e.out_value, e.out_n FROM list_counters_expected(p_tbl, p_company_col, p_keys) e;
  INSERT INTO list_counter_tables (tbl, company_col, keys, at_commit) VALUES (p_tbl, p_company_col, p_keys, p_at_commit);
END $install$;
--> statement-breakpoint

-- Tables already counted at commit take the new triggers now (their counters rebuilt from their rows).
DO $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT tbl, company_col, keys FROM list_counter_tables WHERE at_commit ORDER BY tbl LOOP
    PERFORM list_counters_install(r.tbl, r.company_col, r.keys, true);
  END LOOP;
END $$;
