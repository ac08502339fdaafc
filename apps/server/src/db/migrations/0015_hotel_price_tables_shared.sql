-- Hotels' extra prices and service fees are now declared by the catalogue's shared table factory
-- (catalogue-common.ts), like transportation's: same columns, checks and foreign keys; only the index
-- names follow the factory. Renamed in place: no row is touched, no index rebuilt.
ALTER INDEX "hotel_extra_prices_hotel_idx" RENAME TO "hotel_extra_prices_parent_idx";--> statement-breakpoint
ALTER INDEX "hotel_service_prices_hotel_idx" RENAME TO "hotel_service_prices_parent_idx";
