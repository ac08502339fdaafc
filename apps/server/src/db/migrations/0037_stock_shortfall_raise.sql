-- Issue 33: an order's statement refuses itself when the stock did not take every day it claimed, so its
-- transaction can commit in the same round trip (db/pg-statements.ts): the statement fails with this error, the
-- COMMIT sent after it is skipped, and the transaction rolls back whatever days it did take. The detail is the
-- days taken (as the reservation answers them, JSON), from which the server names the days short (the 409).
CREATE FUNCTION stock_shortfall(p_taken json) RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'stock shortfall' USING ERRCODE = 'U0S01', DETAIL = p_taken::text;
END $$;
