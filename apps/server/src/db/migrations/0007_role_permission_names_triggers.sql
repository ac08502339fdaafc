-- A role's permission names, kept on the role row (docs/decisions/list-counters.md, "The session check"):
-- reading a session then aggregates nothing. Statement triggers on role_permissions
-- rewrite the names of the roles a write touched, in the same transaction.
CREATE FUNCTION roles_permission_names_refresh(p_role_ids integer[]) RETURNS void
LANGUAGE sql AS $$
  UPDATE roles r
     SET permission_names = coalesce((SELECT string_agg(p.name, ',' ORDER BY p.name)
                                        FROM role_permissions rp JOIN permissions p ON p.id = rp.permission_id
                                       WHERE rp.role_id = r.id), '')
   WHERE r.id = ANY (p_role_ids);
$$;
--> statement-breakpoint
CREATE FUNCTION role_permissions_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM roles_permission_names_refresh(ARRAY(SELECT DISTINCT role_id FROM rp_new ORDER BY 1));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM roles_permission_names_refresh(ARRAY(SELECT DISTINCT role_id FROM rp_old ORDER BY 1));
  ELSE
    PERFORM roles_permission_names_refresh(
      ARRAY(SELECT role_id FROM rp_new UNION SELECT role_id FROM rp_old ORDER BY 1));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER role_permissions_names_ins AFTER INSERT ON role_permissions
  REFERENCING NEW TABLE AS rp_new FOR EACH STATEMENT EXECUTE FUNCTION role_permissions_changed();
--> statement-breakpoint
CREATE TRIGGER role_permissions_names_upd AFTER UPDATE ON role_permissions
  REFERENCING OLD TABLE AS rp_old NEW TABLE AS rp_new FOR EACH STATEMENT EXECUTE FUNCTION role_permissions_changed();
--> statement-breakpoint
CREATE TRIGGER role_permissions_names_del AFTER DELETE ON role_permissions
  REFERENCING OLD TABLE AS rp_old FOR EACH STATEMENT EXECUTE FUNCTION role_permissions_changed();
--> statement-breakpoint
-- Catalogue names never change (DESIGN §5), but if one did, its roles follow.
CREATE FUNCTION permissions_renamed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM roles_permission_names_refresh(ARRAY(
    SELECT DISTINCT rp.role_id FROM role_permissions rp JOIN p_new n ON n.id = rp.permission_id ORDER BY 1));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER permissions_names_upd AFTER UPDATE ON permissions
  REFERENCING NEW TABLE AS p_new FOR EACH STATEMENT EXECUTE FUNCTION permissions_renamed();
--> statement-breakpoint
UPDATE roles r SET permission_names = coalesce((SELECT string_agg(p.name, ',' ORDER BY p.name)
  FROM role_permissions rp JOIN permissions p ON p.id = rp.permission_id WHERE rp.role_id = r.id), '');
