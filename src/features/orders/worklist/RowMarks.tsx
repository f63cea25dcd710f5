/**
 * What a worklist row says of the department: how long the study has waited (WL-8),
 * marked when a stat or urgent study waits past its priority's target (WL-9, WL-13) and is not
 * signed yet (EV-11), who else reads it (WL-10), and a report awaiting review (RV-22).
 */
import { Text, VisuallyHidden } from '@chakra-ui/react'
import { memo } from 'react'
import { useAppConfig } from '../../../shared/config'
import { useAppSelector } from '../../../app/hooks'
import type { ClaimHolder, ListedReport, Priority } from '../../../services/api/model'
import { claimLabel, pastTarget, waitingOf, waitingText } from '../../../shared/worklistRowText'
import { useMinute } from './useMinute'
import { selectViewerId } from './worklistSlice'

export interface WaitingClockProps {
  orderedAt: string | undefined
  priority: Priority
  /** The study's report is signed: it waits for nobody (EV-11). */
  signed: boolean
}

/** WL-8, WL-9, WL-13: the study's waiting time, updated each minute; none without a time. */
export const WaitingClock = memo(function WaitingClock({
  orderedAt,
  priority,
  signed,
}: WaitingClockProps) {
  const minute = useMinute()
  const targets = useAppConfig().waitTargets
  const waiting = waitingOf({ ordered_at: orderedAt, priority, is_final: signed }, minute, targets)
  if (waiting === null) return null
  const { overdue } = waiting
  const shown = waitingText(waiting.minutes)
  return (
    <Text
      as="span"
      fontSize="xs"
      flexShrink={0}
      whiteSpace="nowrap"
      fontVariantNumeric="tabular-nums"
      color={overdue ? `priority.${priority}` : 'fg.subtle'}
      fontWeight={overdue ? 'semibold' : undefined}
      data-overdue={overdue || undefined}
      title={overdue ? `Past ${pastTarget(priority, targets)}` : undefined}
    >
      {overdue && <span aria-hidden="true">⚠ </span>}
      <VisuallyHidden>Waiting </VisuallyHidden>
      {shown}
      {overdue && <VisuallyHidden>, past {pastTarget(priority, targets)}</VisuallyHidden>}
    </Text>
  )
})

/** RV-22: a trainee's report waits for an attending's review. */
export function ReviewMark({ report }: { report: ListedReport | null }) {
  if (report?.preliminary?.state !== 'awaiting_review' || report.is_final) return null
  return (
    <Text as="span" color="purple.fg" flexShrink={0}>
      Awaiting review
    </Text>
  )
}

/** WL-10: who else reads the study; the clinician's own claim says nothing. */
export function ClaimNote({ holder }: { holder: ClaimHolder | null | undefined }) {
  const viewerId = useAppSelector(selectViewerId)
  const label = claimLabel(holder, viewerId)
  if (label === null) return null
  return (
    <Text as="span" color="orange.fg" truncate minWidth="0" title={label}>
      {label}
    </Text>
  )
}
