/**
 * What a worklist row says of the department (issue 16): how long the study has waited (WL-8),
 * marked when a stat study waits past its target (WL-9), and who else reads it (WL-10).
 */
import { Text, VisuallyHidden } from '@chakra-ui/react'
import { memo } from 'react'
import { useAppConfig } from '../../shared/config'
import { useAppSelector } from '../../app/hooks'
import type { ClaimHolder, Priority } from '../../services/api/model'
import { claimLabel, pastTargetText, waitingOf, waitingText } from '../../shared/worklistRowText'
import { useMinute } from './useMinute'
import { selectViewerId } from './worklistSlice'

export interface WaitingClockProps {
  orderedAt: string | undefined
  priority: Priority
}

/** WL-8, WL-9: the study's waiting time, updated each minute; nothing when it has no time. */
export const WaitingClock = memo(function WaitingClock({ orderedAt, priority }: WaitingClockProps) {
  const minute = useMinute()
  const { statTargetMinutes } = useAppConfig()
  const waiting = waitingOf({ ordered_at: orderedAt, priority }, minute, statTargetMinutes)
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
      color={overdue ? 'priority.stat' : 'fg.subtle'}
      fontWeight={overdue ? 'semibold' : undefined}
      data-overdue={overdue || undefined}
      title={overdue ? `Past the stat target of ${String(statTargetMinutes)} min` : undefined}
    >
      {overdue && <span aria-hidden="true">⚠ </span>}
      <VisuallyHidden>Waiting </VisuallyHidden>
      {shown}
      {overdue && <VisuallyHidden>{pastTargetText(statTargetMinutes)}</VisuallyHidden>}
    </Text>
  )
})

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
