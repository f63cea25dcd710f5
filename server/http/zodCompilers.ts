/**
 * Fastify's schema controller, handed the zod compilers from the start (OPS-3). Every route
 * validates and serializes with zod (server/app.ts sets the same compilers on the root), so the
 * defaults fastify otherwise loads while it is constructed, Ajv and fast-json-stringify, are never
 * used: loading them was a second of a restart on a busy machine.
 */
import type { FastifyServerOptions } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'

type Factories = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>

export const zodSchemaController: FastifyServerOptions['schemaController'] = {
  compilersFactory: {
    // The factories are typed with Ajv's and fast-json-stringify's own route definitions; fastify
    // calls what they return with its route schema, which is what the zod compilers take.
    buildValidator: (() => validatorCompiler) as unknown as Factories['buildValidator'],
    buildSerializer: (() => serializerCompiler) as unknown as Factories['buildSerializer'],
  },
}
