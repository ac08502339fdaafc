import type { SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { z, ZodObject, ZodType } from 'zod'
import type { Entity } from '@app/shared'
import type { Db } from '../db/client.js'
import type { Access } from '../plugins/auth.js'
import type { SessionUser } from '../lib/sessions.js'
import type { BodyShape } from './body.js'
import type { ImagePaths } from './images.js'
import type { ChildList } from './children.js'
import type { ExportColumn } from './csv.js'
import type { FilterChoices } from './filter-choices.js'
import type { Fields, Join, ListSource, SearchRewrite } from './list-query.js'

/* eslint-disable @typescript-eslint/no-explicit-any */

/** What a write hook gets: the transaction, the caller, and the row being changed (on update). */
export interface WriteContext {
  tx: Db
  auth: SessionUser
  req: FastifyRequest
  existing?: Record<string, unknown>
}

/** A check run in a delete's transaction before the row goes; throws (409) to refuse it. */
export type DeleteGuard = (tx: Db, id: number) => Promise<void>

export interface ResourceOptions<I extends ZodObject = ZodObject> {
  /** URL under /api/v1 and the export's file name, e.g. 'facilities'. */
  name: string
  table: PgTable & { id: PgColumn; company_id?: PgColumn }
  /** Permission entity: routes need `${entity}_list`, `_view`, `_create`, `_update`, `_delete`, `_export`. */
  entity: Entity
  input: I
  /** PUT body; defaults to `input`. */
  update?: ZodObject
  /** Answer fields of list rows; defaults to every column but company_id. */
  fields?: Fields
  /** Schema of one list row, for the OpenAPI document (answers are shaped by `fields`, not by it). */
  row?: ZodType
  /**
   * The one-row shape (GET /{id}, and the answer of create and update) when it
   * carries more than a list row: extra fields, and child lists loaded for
   * this one row only, never for a page of rows.
   */
  detail?: {
    fields?: Fields
    /** Child lists by answer key; the engine also writes them from the same key of the body. */
    children?: Record<string, ChildList>
    row?: ZodType
  }
  /**
   * Refuses (409) a delete, in its transaction, after `beforeDelete`: a hook the
   * resource declares, e.g. `bookedGuard('room', rooms)` (stock/delete-guard.ts:
   * open orders hold the row, under a row lock). The engine knows no orders.
   */
  deleteGuard?: DeleteGuard
  /** Create/update also accept `multipart/form-data` of this shape (JSON text lists, image files). */
  body?: BodyShape
  /**
   * Where the row and its child lists name stored images (`banner_image`,
   * `trip_ideas.*.image`): each must be an upload of the caller's company (422
   * otherwise), and a file the row stops using is removed after the commit.
   */
  images?: ImagePaths
  /** Route access other than `${entity}_${action}` (galleries: whoever edits a catalogue item with images). */
  access?: Partial<Record<'list' | 'view' | 'create' | 'update' | 'delete' | 'export', Access>>
  join?: Join
  searchable: PgColumn[]
  /** Searchable columns also matched by the term rewritten to their stored form (a pilgrim's phone). */
  searchAs?: SearchRewrite[]
  sortable: readonly [string, ...string[]]
  /** Sort expressions for keys that are not plain columns of `table`. */
  sortExpressions?: Record<string, PgColumn | SQL>
  defaultSort: string
  /** Extra list filters: query key -> schema and the condition it adds. */
  filters?: Record<string, { schema: ZodType; where: (value: any) => SQL | undefined; choices?: FilterChoices }>
  exportColumns: ExportColumn[]
  /** Export formats offered as `?format=`; the first is the default. CSV only unless said. */
  exportFormats?: readonly ['csv' | 'xlsx', ...Array<'csv' | 'xlsx'>]
  /** false for platform-wide tables (the permission catalogue). */
  companyScoped?: boolean
  /**
   * Conditions of the list and export calls when they differ from the company
   * scope of one-row calls (the platform operator lists users of every company, DESIGN §1).
   */
  listScope?: (auth: SessionUser, query: Record<string, unknown>) => Array<SQL | undefined>
  /** Turns the validated body into column values; may check references and throw. */
  prepare?: (input: z.infer<I>, ctx: WriteContext) => Promise<Record<string, unknown>> | Record<string, unknown>
  /** After insert/update in the same transaction (links to other tables). */
  afterWrite?: (id: number, input: z.infer<I>, ctx: WriteContext) => Promise<void>
  /** Before delete in the same transaction: refuse (409) or remove what goes with the row. */
  beforeDelete?: (row: Record<string, unknown>, ctx: WriteContext) => Promise<void>
  /**
   * Totals from counters the database keeps (crud/counters.ts) instead of a
   * count(*): the unsearched list, and the list narrowed by one of the filters
   * in `by` (enumerated ones, each `where` being `column = value`) with the
   * column it compares. Joins must not drop rows (inner joins over not-null
   * foreign keys). With `listScope`, `company` says which company's counters
   * that scope covers ('all': every company).
   */
  counters?: {
    by?: Record<string, PgColumn>
    company?: (auth: SessionUser, query: Record<string, unknown>) => number | 'all'
  }
  /** Turn off generated routes a resource does not offer (they are then not registered). */
  disable?: Array<'create' | 'update' | 'delete' | 'export'>
  tag?: string
}

export interface Resource {
  plugin: FastifyPluginAsync
  source: ListSource
  scope: (auth: SessionUser) => Array<SQL | undefined>
  get: (db: Db, auth: SessionUser, id: number) => Promise<Record<string, unknown>>
  /** The one-row shape: `detail` fields and child lists. */
  getDetail: (db: Db, auth: SessionUser, id: number) => Promise<Record<string, unknown>>
}
