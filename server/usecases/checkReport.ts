/**
 * The pre-sign checks of a study's report (QA-10): the sections sent (the editor's text, saved or
 * not) or, without them, the saved report, checked by the engine (../qa), which is pure. The
 * report is not changed; an unknown order is not found (QA-11). Beside the issues, the follow-up
 * recommendations the text makes (FU-9), their windows counted from today in the department's
 * time zone, for the Finalize dialog to confirm.
 */
import type { CheckReportAnswer, ReportSections } from '../../contract'
import type { Database } from '../db/client'
import { findFollowUps } from '../outcomes/extract'
import { dayIn } from '../outcomes/matching'
import { checkOrderReport } from '../qa'
import { getOrder } from '../repo/studies'

export interface CheckContext {
  db: Database
  now: () => Date
  /** DEPARTMENT_TIME_ZONE. */
  timeZone: string
}

export async function checkReport(
  ctx: CheckContext,
  orderId: string,
  sections: ReportSections | undefined,
): Promise<CheckReportAnswer> {
  const order = await getOrder(ctx.db, orderId)
  const checked = sections ?? order.report?.sections
  return {
    ...checkOrderReport(order, sections),
    follow_ups: checked ? findFollowUps(checked, dayIn(ctx.now(), ctx.timeZone)) : [],
  }
}
