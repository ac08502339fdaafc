-- An order's end_date is the day it ends: a stay's check-out (the morning after its last night), a train's
-- day, a vehicle's last day. Orders with a stay kept the stay's last night there until now, so a desk read
-- "05 – 07-12" for a stay checking out on the 8th. Only orders whose last day is a stay change; their items
-- (which keep the nights they hold) and everything else stay as they are.
UPDATE "orders" AS o SET "end_date" = e.last
FROM (
  SELECT "order_id", max(CASE WHEN "kind" = 'room' THEN "end_date" + 1 ELSE "end_date" END) AS last
  FROM "order_items" GROUP BY "order_id"
) AS e
WHERE e."order_id" = o."id" AND o."has_room" AND o."end_date" <> e.last;
