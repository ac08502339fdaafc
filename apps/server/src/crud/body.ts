import type { FastifyRequest } from 'fastify'
import type { ZodType } from 'zod'
import { idSchemas } from '@app/shared'
import { HttpError, unprocessable } from '../lib/errors.js'
import { registerMessages } from '../lib/i18n.js'

/**
 * How a resource's create/update body may also arrive as `multipart/form-data`
 * (catalogue-availability §7: text parts, lists as JSON text, image files) as
 * well as plain JSON. The same zod schema validates both once this has run.
 */
export interface BodyShape {
  /** Fields sent as JSON text in a form (`general_info`, `trip_ideas`); a string value is parsed. */
  json?: readonly string[]
  /** Image fields: a file part is stored and replaced by its file name; a text part is an existing file name. */
  files?: readonly string[]
  /** Image fields of `files` that take several files (a gallery): repeated parts, in order, with text parts naming kept files. */
  fileLists?: readonly string[]
}

/**
 * Turns a multipart request into a plain object: text parts as strings, each
 * file part of `files` stored and replaced by its file name. Provided by the
 * uploads plugin (plugins/multipart-body.ts) as the `readMultipartBody` decorator, so
 * the engine does not depend on how files are stored.
 */
export type MultipartReader = (
  req: FastifyRequest,
  opts: { files: readonly string[]; fileLists?: readonly string[] },
) => Promise<Record<string, unknown>>

declare module 'fastify' {
  interface FastifyInstance {
    readMultipartBody?: MultipartReader
  }
}

registerMessages({
  en: { 'field.json': '{field} is not valid JSON', 'field.id_mismatch': '{field} does not match the record being saved' },
  id: { 'field.json': '{field} bukan JSON yang valid', 'field.id_mismatch': '{field} tidak sesuai dengan data yang disimpan' },
})

export function isMultipart(req: FastifyRequest): boolean {
  return /^multipart\/form-data\b/i.test(req.headers['content-type'] ?? '')
}

/** JSON text in the declared fields parsed in place; broken JSON is a 422 on that field. */
export function parseJsonFields(body: unknown, json: readonly string[]): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body
  const out = { ...(body as Record<string, unknown>) }
  const errors: Record<string, string[]> = {}
  for (const key of json) {
    const v = out[key]
    if (typeof v !== 'string') continue
    if (v.trim() === '') {
      out[key] = []
      continue
    }
    try {
      out[key] = JSON.parse(v)
    } catch {
      errors[key] = ['field.json']
    }
  }
  if (Object.keys(errors).length) throw unprocessable(errors)
  return out
}

type Def = { type?: string; innerType?: ZodType; in?: ZodType; out?: ZodType; shape?: Record<string, ZodType>; schema?: ZodType }
const defOf = (s: ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def

/** 'id' or 'ids' when `schema` is (or wraps) one of the shared id fields (`idSchemas`). */
function idKind(schema: ZodType, depth = 0): 'id' | 'ids' | undefined {
  const own = idSchemas.get(schema)?.kind
  if (own || depth > 6) return own
  const d = defOf(schema)
  for (const inner of [d.innerType, d.in, d.out, d.schema]) {
    const k = inner ? idKind(inner, depth + 1) : undefined
    if (k) return k
  }
  return undefined
}

/** The top-level fields of a body schema that hold ids, found through the shared registry (cached). */
const idFieldCache = new WeakMap<ZodType, Map<string, 'id' | 'ids'>>()
export function idFieldsOf(schema: ZodType): Map<string, 'id' | 'ids'> {
  const hit = idFieldCache.get(schema)
  if (hit) return hit
  const out = new Map<string, 'id' | 'ids'>()
  // An object, possibly behind a preprocess (pipe) or a refinement.
  let s: ZodType | undefined = schema
  for (let i = 0; s && !defOf(s).shape && i < 6; i++) s = defOf(s).out ?? defOf(s).innerType ?? defOf(s).schema
  for (const [key, field] of Object.entries((s && defOf(s).shape) ?? {})) {
    const kind = idKind(field)
    if (kind) out.set(key, kind)
  }
  idFieldCache.set(schema, out)
  return out
}

const digits = (v: unknown) => (typeof v === 'string' && /^\s*\d{1,10}\s*$/.test(v) ? Number(v) : v)

/**
 * A form's text parts for id fields as numbers: a form has no other way to send one, while a JSON body must
 * send ids as JSON integers (issue 31, packages/shared users.ts `idField`). A list field given as repeated
 * parts is a list of texts; given as one part of JSON text it is parsed with the other JSON fields.
 */
export function formIds(body: Record<string, unknown>, ids: Map<string, 'id' | 'ids'>): Record<string, unknown> {
  const out = { ...body }
  for (const [key, kind] of ids) {
    const v = out[key]
    if (kind === 'id') out[key] = digits(v)
    else if (Array.isArray(v)) out[key] = v.map(digits)
    else if (typeof v === 'string' && !/^\s*\[/.test(v)) out[key] = v.trim() === '' ? v : [digits(v)]
  }
  return out
}

/** The preValidation hook of a create/update route with a body shape (`schema`: its body, to find id fields). */
export function bodyHook(shape: BodyShape, schema?: ZodType) {
  return async (req: FastifyRequest) => {
    if (isMultipart(req)) {
      const read = req.server.readMultipartBody
      // Without the uploads plugin the server takes JSON only.
      if (!read) throw new HttpError(415, 'unsupported_media_type')
      const form = await read(req, { files: shape.files ?? [], fileLists: shape.fileLists ?? [] })
      req.body = schema ? formIds(form, idFieldsOf(schema)) : form
    }
    if (shape.json?.length) req.body = parseJsonFields(req.body, shape.json)
  }
}

/**
 * `PUT /{name}/{id}` may repeat the id in its body (the spec's forms do,
 * catalogue-availability §7 "the same plus id"); the path wins, and a body id
 * that names another row is a 422 rather than silently ignored (checklist A-10).
 */
export async function samePathId(req: FastifyRequest) {
  const body = req.body as Record<string, unknown> | null | undefined
  const raw = body && typeof body === 'object' && !Array.isArray(body) ? body.id : undefined
  if (raw === undefined || raw === null || raw === '') return
  if (Number(raw) !== Number((req.params as { id?: string }).id)) throw unprocessable({ id: ['field.id_mismatch'] })
}
