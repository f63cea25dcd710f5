/**
 * The FHIR server's settings, read with the rest of the environment by ../../config.ts;
 * docs/settings.md and docs/integration-fhir-images.md list them.
 *
 * FHIR_CLIENTS: the read-only system clients of SMART Backend Services (INT-88): a JSON list of
 * `{client_id, jwks, scope}`, each with the public keys (a JWK Set) its signed client assertions
 * are checked with and the scopes it may be granted (`system/*.read`, `system/Patient.rs` ...).
 */
import { z } from 'zod'

/** A JWK as a client registers it: its key type and public members, kept as given. */
const jwkSchema = z.looseObject({ kty: z.enum(['RSA', 'EC']) })

const clientSchema = z.object({
  client_id: z.string().trim().min(1).max(200),
  jwks: z.object({ keys: z.array(jwkSchema).min(1) }),
  scope: z.string().trim().min(1),
})

export interface FhirClient {
  clientId: string
  /** The public keys its client assertions are signed with (RS384 or ES384). */
  jwks: { keys: Record<string, unknown>[] }
  /** The scopes it may be granted, as registered. */
  scopes: string[]
}

export interface FhirConfig {
  clients: FhirClient[]
}

export const fhirEnv = {
  FHIR_CLIENTS: z
    .string()
    .optional()
    .transform((value, ctx): FhirClient[] => {
      if (value === undefined || value.trim() === '') return []
      let json: unknown
      try {
        json = JSON.parse(value)
      } catch {
        ctx.addIssue({
          code: 'custom',
          message: 'must be JSON: a list of {client_id, jwks, scope}',
        })
        return z.NEVER
      }
      const parsed = z.array(clientSchema).safeParse(json)
      if (!parsed.success) {
        ctx.addIssue({
          code: 'custom',
          message: `must be a list of {client_id, jwks: {keys: [...]}, scope}: ${parsed.error.issues
            .map((issue) => `${issue.path.join('.')} ${issue.message}`)
            .join('; ')}`,
        })
        return z.NEVER
      }
      const ids = parsed.data.map((client) => client.client_id)
      if (new Set(ids).size !== ids.length) {
        ctx.addIssue({ code: 'custom', message: 'names a client_id twice' })
        return z.NEVER
      }
      return parsed.data.map((client) => ({
        clientId: client.client_id,
        jwks: client.jwks,
        scopes: client.scope.split(/\s+/),
      }))
    }),
}

export function fhirConfig(env: { FHIR_CLIENTS: FhirClient[] }): FhirConfig {
  return { clients: env.FHIR_CLIENTS }
}
