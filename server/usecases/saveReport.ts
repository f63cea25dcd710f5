/**
 * A clinician saves a study's report (ED-*, RP-*): every section replaced in one transaction under
 * the order row lock, refused while the report is signed, while another clinician reads the study
 * (CLM-2), or when the report is no longer the version the save was based on (`If-Match` /
 * `If-None-Match`: a 412, and nothing written). The revision records why (`save`, `undo`,
 * `restore`); the answer is the report, whose version is the answer's `ETag`.
 */
import type { Report, ReportSections, RevisionCause } from '../../contract'
import type { Actor } from '../repo/audit'
import { saveReport as writeReport } from '../repo/reports'
import type { ReportPreconditions } from '../repo/reportVersions'
import type { UseCaseContext } from './context'

export type { ReportPreconditions }

export interface ReportSave {
  orderId: string
  sections: ReportSections
  actor: Actor
  preconditions: ReportPreconditions
  cause: Extract<RevisionCause, 'save' | 'undo' | 'restore'>
}

export function saveReport({ db, now }: UseCaseContext, save: ReportSave): Promise<Report> {
  return writeReport(db, save.orderId, save.sections, now, {
    actor: save.actor,
    preconditions: save.preconditions,
    cause: save.cause,
  })
}
