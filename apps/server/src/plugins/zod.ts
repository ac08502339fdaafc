import fp from 'fastify-plugin'
import type { FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify'
import type { z, ZodType } from 'zod'

const fastPaths = new WeakMap<ZodType, (data: unknown) => unknown>()

/**
 * Gives `schema` a check of its own for the common valid input, written without zod: `accept` answers what
 * the schema would (its output) or undefined, and undefined goes through zod as before (so every refusal
 * and its wording stay zod's). For the hottest route's few fields: the one-row read's `:id`
 * (docs/performance/calls.md, zod was 3 % of its CPU).
 */
export function withFastPath<T extends ZodType>(schema: T, accept: (data: unknown) => z.output<T> | undefined): T {
  fastPaths.set(schema, accept)
  return schema
}

/**
 * Validates with zod and keeps the offending input on each issue, so the
 * error handler can tell "missing" from "too short" when it writes messages.
 */
const validatorCompiler: FastifySchemaCompiler<ZodType> = ({ schema }) => {
  const slow = (data: unknown) => {
    const result = schema.safeParse(data, { reportInput: true })
    return result.success ? { value: result.data } : { error: result.error }
  }
  const fast = fastPaths.get(schema)
  if (!fast) return slow
  return (data) => {
    const value = fast(data)
    return value === undefined ? slow(data) : { value }
  }
}

/**
 * Response schemas document the answer in the OpenAPI document; they do not
 * re-validate it. Answers are shaped by each route's selected fields (the
 * engine's `fields`), and rows carry Date objects that JSON turns into the
 * ISO strings the schemas describe.
 */
const serializerCompiler: FastifySerializerCompiler<ZodType> = () => (data) => JSON.stringify(data)

export default fp(async function zod(app) {
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
})
