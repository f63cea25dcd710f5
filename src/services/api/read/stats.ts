/**
 * The department's numbers (DEPT-*) as the backend answers them, read at the edge.
 * SCAFFOLD: the department helper replaces these readers (they refuse every answer until then).
 */
import type {
  CriticalCommunicationStats,
  FollowUpStats,
  TurnaroundStats,
  VolumeStats,
} from '../../../../contract'

export type { CriticalCommunicationStats, FollowUpStats, TurnaroundStats, VolumeStats }

const notYet = (_raw: unknown): { ok: false; issues: string[] } => ({
  ok: false,
  issues: ['not read yet'],
})
export const readTurnaroundStats = notYet
export const readVolumeStats = notYet
export const readCriticalCommunicationStats = notYet
export const readFollowUpStats = notYet
