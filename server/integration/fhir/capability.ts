/**
 * What the FHIR server says of itself (INT-76, INT-88): the CapabilityStatement at /fhir/metadata
 * (FHIR 4.0.1, JSON, read and search of each resource type with its search parameters, the SMART
 * token endpoint as an OAuth extension of its security), and the SMART configuration at
 * /fhir/.well-known/smart-configuration.
 */
import type { CapabilityStatement } from '@medplum/fhirtypes'
import { RESOURCE_TYPES, SEARCH_PARAMETERS } from './searchParameters'

export const TOKEN_PATH = '/auth/token'

const OAUTH_URIS = 'http://fhir-registry.smarthealthit.org/StructureDefinition/oauth-uris'

export function capabilityStatement(base: string, date: string): CapabilityStatement {
  return {
    resourceType: 'CapabilityStatement',
    status: 'active',
    date,
    kind: 'instance',
    name: 'ReadoutFhirServer',
    title: 'Readout FHIR R4 server',
    description: 'Signed radiology reports, their orders, patients and imaging studies; read-only.',
    software: { name: 'Readout' },
    implementation: { description: 'Readout', url: base },
    fhirVersion: '4.0.1',
    format: ['application/fhir+json', 'json'],
    rest: [
      {
        mode: 'server',
        security: {
          cors: false,
          service: [
            {
              coding: [
                {
                  system: 'http://terminology.hl7.org/CodeSystem/restful-security-service',
                  code: 'SMART-on-FHIR',
                },
              ],
            },
          ],
          description:
            "A clinician's session token, or an access token of SMART Backend Services (client credentials with a signed JWT assertion, system/*.read or system/<type>.rs scopes).",
          extension: [
            { url: OAUTH_URIS, extension: [{ url: 'token', valueUri: `${base}${TOKEN_PATH}` }] },
          ],
        },
        resource: RESOURCE_TYPES.map((type) => ({
          type,
          interaction: [{ code: 'read' }, { code: 'search-type' }],
          searchParam: [
            { name: '_id', type: 'token' },
            ...SEARCH_PARAMETERS[type]
              .filter((parameter) => !parameter.name.includes(':'))
              .map(({ name, type: kind, documentation }) => ({ name, type: kind, documentation })),
          ],
        })),
      },
    ],
  }
}

/** SMART's discovery document for backend services. */
export function smartConfiguration(base: string) {
  return {
    token_endpoint: `${base}${TOKEN_PATH}`,
    token_endpoint_auth_methods_supported: ['private_key_jwt'],
    token_endpoint_auth_signing_alg_values_supported: ['RS384', 'ES384'],
    grant_types_supported: ['client_credentials'],
    scopes_supported: [
      'system/*.read',
      'system/*.rs',
      ...RESOURCE_TYPES.map((type) => `system/${type}.rs`),
    ],
    capabilities: ['client-confidential-asymmetric'],
  }
}
