CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer,
	"user_id" integer,
	"role_id" integer,
	"role_name" varchar(191),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" varchar(64),
	"user_agent" varchar(512),
	"request_id" varchar(64),
	"entity" varchar(64) NOT NULL,
	"record_id" integer,
	"action" varchar(32) NOT NULL,
	"change" jsonb
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "audit_retention_days" integer;--> statement-breakpoint
CREATE INDEX "audit_log_company_id_idx" ON "audit_log" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_company_record_idx" ON "audit_log" USING btree ("company_id","entity","record_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_company_user_idx" ON "audit_log" USING btree ("company_id","user_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_company_action_idx" ON "audit_log" USING btree ("company_id","action","id");--> statement-breakpoint
-- Hand-written part of the audit_log migration (issue 30): append-only, enforced by the database.
-- Only audit_log_purge() (the retention job) may delete, by setting app.audit_purge for its own transaction.
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('app.audit_purge', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = '42501';
END $$;--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();--> statement-breakpoint
CREATE FUNCTION audit_log_purge(p_company integer, p_before timestamptz) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  n bigint;
BEGIN
  PERFORM set_config('app.audit_purge', 'on', true);
  DELETE FROM audit_log WHERE company_id = p_company AND at < p_before;
  GET DIAGNOSTICS n = ROW_COUNT;
  PERFORM set_config('app.audit_purge', 'off', true);
  RETURN n;
END $$;
