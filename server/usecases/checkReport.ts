/**
 * The pre-sign checks of a study's report (QA-10): the sections sent (the editor's text, saved or
 * not) or, without them, the saved report, checked by the engine (../qa), which is pure. The
 * report is not changed; an unknown order is not found (QA-11).
 */
import type { CheckReportAnswer, ReportSections } from '../../contract'
import type { Database } from '../db/client'
import { checkOrderReport } from '../qa'
import { getOrder } from '../repo/studies'

export async function checkReport(
  db: Database,
  orderId: string,
  sections: ReportSections | undefined,
): Promise<CheckReportAnswer> {
  return checkOrderReport(await getOrder(db, orderId), sections)
}
