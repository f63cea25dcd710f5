/**
 * The clinical tables as the FHIR server reads them (INT-76..INT-87): orders (ServiceRequest,
 * their signed reports as DiagnosticReport, preliminary ones too when asked, RV-10, their studies as ImagingStudy) and patients, found by
 * the criteria of a FHIR search, a page at a time in insertion order, with how many match in all.
 */
import { and, asc, count, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm'
import type { Order } from '../../contract'
import { CANCELLED_STATUS } from '../../contract'
import type { Queryable } from '../db/client'
import { isoTimestamp } from '../db/prepared'
import { criticalCommunications, orders, patients, reportAddenda, reports } from '../db/schema'
import type {
  AndOr,
  FhirPatientRow,
  FhirStudyRow,
  InstantBound,
  Page,
  PageRequest,
  PatientCriteria,
  ReportStatus,
  RequestStatus,
  StudyCriteria,
} from '../domain/fhirSearch'
import { orderJson } from './mappers'
import { PRELIMINARY_OUT } from './preliminary'

const patientFields = {
  id: patients.id,
  mrn: patients.mrn,
  mrnAuthority: patients.mrnAuthority,
  firstName: patients.firstName,
  lastName: patients.lastName,
  dateOfBirth: patients.dateOfBirth,
  sex: patients.sex,
}

const hasAddenda = sql`exists (select 1 from ${reportAddenda} where ${reportAddenda.orderId} = ${orders.id})`

/**
 * A signed report's last change, to the millisecond its `meta.lastUpdated` shows (so a client's
 * `_lastUpdated=gt<that instant>` does not find the same version again): the signature, its
 * latest addendum or critical result communication.
 */
const reportUpdated = sql`date_trunc('milliseconds', greatest(${reports.finalizedAt},
  ${reports.preliminaryAt},
  (select max(${reportAddenda.createdAt}) from ${reportAddenda} where ${reportAddenda.orderId} = ${orders.id}),
  (select max(${criticalCommunications.recordedAt}) from ${criticalCommunications}
    where ${criticalCommunications.orderId} = ${orders.id})))`

/** Every group matches (AND); a group matches when the column holds one of its values (OR). */
function allOf<T>(groups: AndOr<T> | undefined, match: (values: T[]) => SQL | undefined): SQL[] {
  // A group of no values (a value no row can have, such as an unknown system) matches nothing.
  return (groups ?? []).map((group) =>
    group.length === 0 ? sql`false` : (match(group) ?? sql`false`),
  )
}

const signedNow = and(eq(reports.isFinal, true), isNotNull(orders.finalizedAt))
/** A trainee's preliminary read went out and nobody has signed it yet (RV-10). */
const preliminaryOut = and(
  eq(reports.isFinal, false),
  inArray(reports.preliminaryState, [...PRELIMINARY_OUT]),
)

function reportStatusIs(status: ReportStatus): SQL | undefined {
  if (status === 'preliminary') return preliminaryOut
  return status === 'appended' ? and(signedNow, hasAddenda) : and(signedNow, sql`not ${hasAddenda}`)
}

function requestStatusIs(status: RequestStatus): SQL | undefined {
  if (status === 'revoked') return eq(orders.status, CANCELLED_STATUS)
  const signed = isNotNull(orders.finalizedAt)
  const open = sql`${orders.status} <> ${CANCELLED_STATUS}`
  return status === 'completed' ? and(open, signed) : and(open, sql`not ${signed}`)
}

const OPS: Record<InstantBound['op'], string> = { eq: '=', ge: '>=', gt: '>', le: '<=', lt: '<' }

function studyWhere(criteria: StudyCriteria): SQL | undefined {
  return and(
    ...(criteria.signed ? [criteria.preliminary ? or(signedNow, preliminaryOut) : signedNow] : []),
    ...(criteria.withStudyUid ? [isNotNull(orders.studyInstanceUid)] : []),
    ...allOf(criteria.orderIds, (ids) => inArray(orders.id, ids)),
    ...allOf(criteria.patientIds, (ids) => inArray(orders.patientId, ids)),
    ...allOf(criteria.mrns, (mrns) => inArray(patients.mrn, mrns)),
    ...allOf(criteria.accessions, (values) => inArray(orders.accessionNumber, values)),
    ...allOf(criteria.studyUids, (uids) => inArray(orders.studyInstanceUid, uids)),
    ...allOf(criteria.reportStatuses, (values) => or(...values.map(reportStatusIs))),
    ...allOf(criteria.requestStatuses, (values) => or(...values.map(requestStatusIs))),
    ...(criteria.reportUpdated ?? []).map(
      (bound) =>
        sql`${reportUpdated} ${sql.raw(OPS[bound.op])} ${bound.at.toISOString()}::timestamptz`,
    ),
  )
}

/** Orders matching `criteria`, with their patients, one page of them in insertion order. */
export async function findStudies(
  db: Queryable,
  criteria: StudyCriteria,
  page: PageRequest,
): Promise<Page<FhirStudyRow>> {
  const where = studyWhere(criteria)
  const [rows, [total]] = await Promise.all([
    db
      .select({
        order: sql<Order>`${orderJson}`,
        patient: patientFields,
        placerOrderNumber: orders.placerOrderNumber,
        fillerOrderNumber: orders.fillerOrderNumber,
        procedureCode: orders.procedureCode,
        procedureCodingSystem: orders.procedureCodingSystem,
        reportUpdatedAt: sql<
          string | null
        >`case when ${signedNow} or ${preliminaryOut} then ${isoTimestamp(reportUpdated)} end`,
      })
      .from(orders)
      .innerJoin(patients, eq(patients.id, orders.patientId))
      .leftJoin(reports, eq(reports.orderId, orders.id))
      .where(where)
      .orderBy(asc(orders.seq))
      .limit(page.count)
      .offset(page.offset),
    db
      .select({ total: count() })
      .from(orders)
      .innerJoin(patients, eq(patients.id, orders.patientId))
      .leftJoin(reports, eq(reports.orderId, orders.id))
      .where(where),
  ])
  return { rows, total: total?.total ?? 0 }
}

/** Patients matching `criteria`, one page of them in the order of their MRNs. */
export async function findPatients(
  db: Queryable,
  criteria: PatientCriteria,
  page: PageRequest,
): Promise<Page<FhirPatientRow>> {
  const where = and(
    ...allOf(criteria.patientIds, (ids) => inArray(patients.id, ids)),
    ...allOf(criteria.mrns, (mrns) => inArray(patients.mrn, mrns)),
  )
  const [rows, [total]] = await Promise.all([
    db
      .select(patientFields)
      .from(patients)
      .where(where)
      .orderBy(asc(patients.mrn), asc(patients.id))
      .limit(page.count)
      .offset(page.offset),
    db.select({ total: count() }).from(patients).where(where),
  ])
  return { rows, total: total?.total ?? 0 }
}
