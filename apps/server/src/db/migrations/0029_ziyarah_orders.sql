ALTER TABLE "order_desks" DROP CONSTRAINT "order_desks_desk_ck";--> statement-breakpoint
ALTER TABLE "order_items" DROP CONSTRAINT "order_items_kind_ck";--> statement-breakpoint
ALTER TABLE "order_desks" ADD CONSTRAINT "order_desks_desk_ck" CHECK ("order_desks"."desk" IN ('hotel', 'train', 'transportation', 'ziyarah'));--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_kind_ck" CHECK ("order_items"."kind" IN ('room', 'train', 'transportation', 'ziyarah'));--> statement-breakpoint
-- Hand-written (issue 27): the new desk's permissions, granted in companies that exist before this
-- migration as a new company's default roles get them (DEFAULT_ROLES): owner every action; admin list,
-- view, export, create, update, delete; finance every action; marketing and operator list, view, export.
-- syncPermissions adds nothing it finds here; a role a company renamed or edited is left as it is.
INSERT INTO "permissions" ("name", "display_name")
SELECT 'order_ziyarah_' || a, 'Order Ziyarah ' || initcap(a)
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
JOIN "permissions" p ON p."name" IN (SELECT 'order_ziyarah_' || a FROM unnest(g."actions") AS a)
ON CONFLICT DO NOTHING;
