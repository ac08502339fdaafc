import fp from 'fastify-plugin'
import type { FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify'
import type { ZodType } from 'zod'

/**
 * Validates with zod and keeps the offending input on each issue, so the
 * error handler can tell "missing" from "too short" when it writes messages.
 */
const validatorCompiler: FastifySchemaCompiler<ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data, { reportInput: true })
    return result.success ? { value: result.data } : { error: result.error }
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
