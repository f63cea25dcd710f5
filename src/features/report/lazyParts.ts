/**
 * The parts of the report editor that only some moments need: the conflict panel (another save
 * came first), the addenda of a signed report, the finalize question, the report's history and
 * the attending's word difference from a trainee's preliminary report (RV-18).
 * Each loads on first use; the editor fetches them ahead once the browser is idle
 * (src/shared/lazy.tsx), so none keeps a clinician waiting.
 */
import { lazyComponent, prefetchWhenIdle } from '../../shared/lazy'
import { RevisionList } from './history/ReportHistory'

export const ConflictPanel = lazyComponent(() =>
  import('./editor/ConflictPanel').then((module) => module.ConflictPanel),
)

export const Addenda = lazyComponent(() =>
  import('./signing/Addenda').then((module) => module.Addenda),
)

export const FinalizeDialog = lazyComponent(() =>
  import('./signing/FinalizeDialog').then((module) => module.FinalizeDialog),
)

export const ReviewChanges = lazyComponent(() =>
  import('./review/ReviewChanges').then((module) => module.ReviewChanges),
)

/** Fetches every part ahead when the browser is idle; answers how to cancel. */
export function prefetchReportParts(): () => void {
  return prefetchWhenIdle(ConflictPanel, Addenda, FinalizeDialog, RevisionList)
}
