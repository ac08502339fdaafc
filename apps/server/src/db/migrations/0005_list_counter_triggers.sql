-- List counters (docs/decisions/list-counters.md): statement triggers keep
-- list_counters exact in the same transaction as every write. Which tables get
-- them, by which company column and key columns, is declared on the resources;
-- crud/counters.ts calls list_counters_install at start when a declaration changed.

-- The counts a table should have, computed from its rows: the whole list per
-- company (key '' value ''), and per company and value of each key column.
CREATE FUNCTION list_counters_expected(p_tbl text, p_company_col text, p_keys text[])
RETURNS TABLE (out_company_id integer, out_key text, out_value text, out_n bigint)
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY EXECUTE format(
    $q$SELECT s.company, kv.k, kv.v, count(*)
         FROM (SELECT %s AS company, to_jsonb(r) AS j FROM %I r) s
        CROSS JOIN LATERAL (SELECT ''::text, ''::text
                            UNION ALL SELECT k, coalesce(s.j ->> k, '') FROM unnest($1::text[]) k) kv(k, v)
        GROUP BY 1, 2, 3$q$,
    CASE WHEN p_company_col = '' THEN '0' ELSE format('r.%I', p_company_col) END, p_tbl)
  USING p_keys;
END $$;
--> statement-breakpoint

-- The row-count trigger: TG_ARGV[0] is the company column ('' if none), the
-- rest are the key columns. +1 per new row, -1 per old row, grouped; only the
-- counters that changed are written, so an update of other columns writes none.
-- Rows are upserted in primary-key order, so two writers lock them alike.
CREATE FUNCTION list_counters_apply() RETURNS trigger
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
    $q$INSERT INTO list_counters AS c (tbl, company_id, key, value, n)
       SELECT $1, x.company, x.k, x.v, sum(x.d)
         FROM (SELECT s.d, %s AS company, kv.k, kv.v
                 FROM (%s) s
                CROSS JOIN LATERAL (SELECT ''::text, ''::text
                                    UNION ALL SELECT k, coalesce(s.j ->> k, '') FROM unnest($2::text[]) k) kv(k, v)) x
        GROUP BY 2, 3, 4
       HAVING sum(x.d) <> 0
        ORDER BY 3, 4, 2
       ON CONFLICT (tbl, key, value, company_id) DO UPDATE SET n = c.n + excluded.n$q$,
    CASE WHEN company_col = '' THEN '0' ELSE format('(s.j ->> %L)::int', company_col) END, src)
  USING TG_TABLE_NAME, key_cols;
  RETURN NULL;
END $$;
--> statement-breakpoint

CREATE FUNCTION list_counters_truncated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM list_counters WHERE tbl = TG_TABLE_NAME;
  RETURN NULL;
END $$;
--> statement-breakpoint

-- Removes a table's counter triggers and counters.
CREATE FUNCTION list_counters_uninstall(p_tbl text) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  suffix text;
BEGIN
  FOREACH suffix IN ARRAY ARRAY['ins', 'upd', 'del', 'trunc'] LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', p_tbl || '_counters_' || suffix, p_tbl);
  END LOOP;
  DELETE FROM list_counters WHERE tbl = p_tbl;
  DELETE FROM list_counter_tables WHERE tbl = p_tbl;
END $$;
--> statement-breakpoint

-- (Re)installs a table's triggers and rebuilds its counters from its rows, with
-- writers to the table held off until the transaction ends: the repair command
-- and a changed declaration both come here.
CREATE FUNCTION list_counters_install(p_tbl text, p_company_col text, p_keys text[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  args text := array_to_string(ARRAY(SELECT quote_literal(a) FROM unnest(p_company_col || p_keys) a), ', ');
BEGIN
  EXECUTE format('LOCK TABLE %I IN SHARE ROW EXCLUSIVE MODE', p_tbl);
  PERFORM list_counters_uninstall(p_tbl);
  EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS list_counters_new '
                 'FOR EACH STATEMENT EXECUTE FUNCTION list_counters_apply(%s)', p_tbl || '_counters_ins', p_tbl, args);
  EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS list_counters_old NEW TABLE AS list_counters_new '
                 'FOR EACH STATEMENT EXECUTE FUNCTION list_counters_apply(%s)', p_tbl || '_counters_upd', p_tbl, args);
  EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS list_counters_old '
                 'FOR EACH STATEMENT EXECUTE FUNCTION list_counters_apply(%s)', p_tbl || '_counters_del', p_tbl, args);
  EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION list_counters_truncated()',
                 p_tbl || '_counters_trunc', p_tbl);
  INSERT INTO list_counters (tbl, company_id, key, value, n)
  SELECT p_tbl, e.out_company_id, e.out_key, e.out_value, e.out_n FROM list_counters_expected(p_tbl, p_company_col, p_keys) e;
  INSERT INTO list_counter_tables (tbl, company_col, keys) VALUES (p_tbl, p_company_col, p_keys);
END $$;
--> statement-breakpoint

-- Counters that differ from a real count of the table's rows (none, unless
-- someone bypassed the triggers, e.g. with session_replication_role = replica).
CREATE FUNCTION list_counters_drift(p_tbl text)
RETURNS TABLE (out_company_id integer, out_key text, out_value text, out_counted bigint, out_actual bigint)
LANGUAGE plpgsql STABLE AS $$
DECLARE
  spec list_counter_tables;
BEGIN
  SELECT * INTO spec FROM list_counter_tables t WHERE t.tbl = p_tbl;
  IF NOT FOUND THEN RETURN; END IF;
  RETURN QUERY
  SELECT coalesce(c.company_id, e.out_company_id), coalesce(c.key, e.out_key), coalesce(c.value, e.out_value),
         coalesce(c.n, 0), coalesce(e.out_n, 0)
    FROM (SELECT * FROM list_counters lc WHERE lc.tbl = p_tbl) c
    FULL JOIN list_counters_expected(p_tbl, spec.company_col, spec.keys) e
      ON e.out_company_id = c.company_id AND e.out_key = c.key AND e.out_value = c.value
   WHERE coalesce(c.n, 0) <> coalesce(e.out_n, 0);
END $$;
