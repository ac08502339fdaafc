import { boolean, index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core'
import { companies } from './accounts.js'

/**
 * Every stored file (DESIGN §6): the company it belongs to and its real type.
 * `file_name` is the server-made random name (`<32 hex>.<ext>`); the object
 * lives at `<company_id>/<file_name>` in the storage backend. Rows that no
 * registered column references are swept (plugins/uploads.ts).
 */
export const uploads = pgTable(
  'uploads',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    file_name: varchar('file_name', { length: 64 }).notNull().unique('uploads_file_name_uq'),
    mime_type: varchar('mime_type', { length: 32 }).notNull(),
    size: integer('size').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** The client's name for the file: metadata only, never a path. */
    original_name: varchar('original_name', { length: 255 }),
    /** Never served publicly nor by the plain download: a pilgrim's documents (issue 28), served by their own route. */
    private: boolean('private').notNull().default(false),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('uploads_company_created_idx').on(t.company_id, t.created_at), index('uploads_created_idx').on(t.created_at)],
)

/**
 * Array columns of stored file names (a foreign key cannot hold an array): the
 * file sweep counts a name in any of them as in use (lib/files.ts). Each needs
 * a GIN index. Prefer a child table with a foreign key for new lists.
 */
export const FILE_ARRAY_COLUMNS: ReadonlyArray<{ table: string; column: string }> = [
  { table: 'transportations', column: 'gallery' },
]

/** Gallery records (spec §3 "id and uploaded image"): company-scoped images with a title and an order. */
export const galleries = pgTable(
  'galleries',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    file_name: varchar('file_name', { length: 64 })
      .notNull()
      .references(() => uploads.file_name, { onDelete: 'restrict' }),
    title: varchar('title', { length: 191 }),
    sort_order: integer('sort_order').notNull().default(0),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Bumped by every update through the engine; a stale one is a 409 (issue 30). */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('galleries_company_created_idx').on(t.company_id, t.created_at),
    index('galleries_company_sort_idx').on(t.company_id, t.sort_order, t.id),
    index('galleries_company_title_idx').on(t.company_id, t.title),
    index('galleries_file_name_idx').on(t.file_name),
  ],
)
