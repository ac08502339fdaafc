import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'

/**
 * The extensions the migrations create, for every PGlite the app, its tests and
 * its benches open: PGlite only offers those it was given (CREATE EXTENSION
 * answers 'not available' otherwise). pg_trgm for search, btree_gin for the
 * company id inside the search indexes.
 */
export const pgliteExtensions = { pg_trgm, btree_gin }
