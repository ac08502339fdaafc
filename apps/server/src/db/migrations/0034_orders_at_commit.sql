-- Issue 33: one company's orders no longer queue on the company's rows while their transactions run.
-- (1) List counters of a table declared `atCommit` are kept by deferred row triggers: each row event adds
-- its own delta at commit, so the counter rows are held only while committing and stay exact.
ALTER TABLE "list_counter_tables" ADD COLUMN "at_commit" boolean DEFAULT false NOT NULL;--> statement-breakpoint

-- The row-level twin of list_counters_apply (migration 0005): +1 for the new row, -1 for the old one,
-- grouped, only the counters that changed written, in primary-key order.
CREATE FUNCTION list_counters_apply_row() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  company_col text := TG_ARGV[0];
  key_cols text[] := TG_ARGV[1:TG_NARGS - 1];
BEGIN
  INSERT INTO list_counters AS c (tbl, company_id, key, value, n)
  SELECT TG_TABLE_NAME, x.company, x.k, x.v, sum(x.d)
    FROM (SELECT s.d, CASE WHEN company_col = '' THEN 0 ELSE (s.j ->> company_col)::int END AS company, kv.k, kv.v
            FROM (SELECT 1 AS d, to_jsonb(NEW) AS j WHERE TG_OP IN ('INSERT', 'UPDATE')
                  UNION ALL
                  SELECT -1, to_jsonb(OLD) WHERE TG_OP IN ('DELETE', 'UPDATE')) s
           CROSS JOIN LATERAL (SELECT ''::text, ''::text
                               UNION ALL SELECT k, coalesce(s.j ->> k, '') FROM unnest(key_cols) k) kv(k, v)) x
   GROUP BY 2, 3, 4
  HAVING sum(x.d) <> 0
   ORDER BY 3, 4, 2
  ON CONFLICT (tbl, key, value, company_id) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint

DROP FUNCTION list_counters_install(text, text, text[]);--> statement-breakpoint

-- As in migration 0005, with `p_at_commit`: deferred row triggers instead of statement triggers.
CREATE FUNCTION list_counters_install(p_tbl text, p_company_col text, p_keys text[], p_at_commit boolean DEFAULT false)
RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  args text := array_to_string(ARRAY(SELECT quote_literal(a) FROM unnest(p_company_col || p_keys) a), ', ');
  op text;
BEGIN
  EXECUTE format('LOCK TABLE %I IN SHARE ROW EXCLUSIVE MODE', p_tbl);
  PERFORM list_counters_uninstall(p_tbl);
  IF p_at_commit THEN
    FOREACH op IN ARRAY ARRAY['ins', 'upd', 'del'] LOOP
      EXECUTE format('CREATE CONSTRAINT TRIGGER %I AFTER %s ON %I DEFERRABLE INITIALLY DEFERRED '
                     'FOR EACH ROW EXECUTE FUNCTION list_counters_apply_row(%s)', p_tbl || '_counters_' || op,
                     CASE op WHEN 'ins' THEN 'INSERT' WHEN 'upd' THEN 'UPDATE' ELSE 'DELETE' END, p_tbl, args);
    END LOOP;
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
END $$;
--> statement-breakpoint

-- (2) The order's code is numbered at commit: the order is written with a unique placeholder ('~' and
-- random hex, order-writes.ts) and this deferred trigger takes the company's next number of the year from
-- `order_counters` and writes `ORD-<year>-<000123>`. The counter row is held only while committing; a
-- rolled-back order never took a number, so codes stay unique and gap-free on commit.
CREATE FUNCTION orders_number() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  y integer := extract(year FROM now() AT TIME ZONE 'UTC')::integer;
  n integer;
BEGIN
  -- An order deleted again before its commit takes no number.
  PERFORM 1 FROM orders WHERE id = NEW.id;
  IF NOT FOUND THEN RETURN NULL; END IF;
  INSERT INTO order_counters AS c (company_id, year, last) VALUES (NEW.company_id, y, 1)
  ON CONFLICT (company_id, year) DO UPDATE SET last = c.last + 1
  RETURNING last INTO n;
  UPDATE orders SET code = format('ORD-%s-%s', y, lpad(n::text, greatest(6, length(n::text)), '0')) WHERE id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "orders_number_at_commit" AFTER INSERT ON "orders" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (NEW.code LIKE '~%') EXECUTE FUNCTION orders_number();
