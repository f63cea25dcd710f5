/**
 * The Study Instance UID of a seeded study (INT-96): a DICOM UID under the `2.25` root, whose
 * rest is the decimal value of a UUID (DICOM PS3.5 B.2). The UUID is name-based (version 5,
 * RFC 9562) on the accession number, so the same seeded order gets the same UID on every seeding
 * and every machine, and an archive loaded with the demo's images keeps matching a reseed.
 */
import { createHash } from 'node:crypto'

/** Readout's own namespace for seeded studies (a fixed random UUID; any constant works). */
const SEEDED_STUDIES = Buffer.from('6f1c2a9e4b7d4e0a9c3f5d8e2b1a7c64', 'hex')

/** The seeded study UID for `accession`, e.g. `2.25.1467…` (at most 44 characters). */
export function seededStudyUid(accession: string): string {
  const bytes = createHash('sha1')
    .update(SEEDED_STUDIES)
    .update(accession, 'utf8')
    .digest()
    .subarray(0, 16)
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50 // version 5
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80 // the RFC variant
  return `2.25.${BigInt(`0x${bytes.toString('hex')}`).toString(10)}`
}
