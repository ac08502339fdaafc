import fp from 'fastify-plugin'
import type { FastifySchemaCompiler } from 'fastify'
import { serializerCompiler } from 'fastify-type-provider-zod'
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

export default fp(async function zod(app) {
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
})
