/**
 * What a worklist row says of the department (issue 16): how long the study has waited (WL-8),
 * marked when a stat study waits past its target (WL-9), and who else reads it (WL-10).
 */
import { Text, VisuallyHidden } from '@chakra-ui/react'
import { memo } from 'react'
import { useAppConfig } from '../../shared/config'
import { useAppSelector } from '../../app/hooks'
import type { ClaimHolder, Priority } from '../../services/api/model'
import { MINUTE_MS, useMinute } from './useMinute'
import { selectViewerId } from './worklistSlice'

/** '7 min', '2 h 5 min', '3 d 4 h': how long since `minutes` ago, as dense as a row needs. */
export function waitingText(minutes: number): string {
  const m = Math.max(0, Math.floor(minutes))
  if (m < 60) return `${String(m)} min`
  const hours = Math.floor(m / 60)
  if (hours < 24) return `${String(hours)} h ${String(m % 60)} min`
  return `${String(Math.floor(hours / 24))} d ${String(hours % 24)} h`
}

export interface WaitingClockProps {
  orderedAt: string | undefined
  priority: Priority
}

/** WL-8, WL-9: the study's waiting time, updated each minute; nothing when it has no time. */
export const WaitingClock = memo(function WaitingClock({ orderedAt, priority }: WaitingClockProps) {
  const minute = useMinute()
  const { statTargetMinutes } = useAppConfig()
  const since = orderedAt === undefined ? Number.NaN : Date.parse(orderedAt)
  if (Number.isNaN(since)) return null
  const minutes = Math.floor((minute - since) / MINUTE_MS)
  const overdue = priority === 'stat' && minutes > statTargetMinutes
  const shown = waitingText(minutes)
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
      {overdue && (
        <VisuallyHidden>{`, past the stat target of ${String(statTargetMinutes)} min`}</VisuallyHidden>
      )}
    </Text>
  )
})

/** 'Being read by NAME' for a study someone else claims (WL-10). */
export function claimLabel(holder: ClaimHolder | null | undefined, viewerId: string | null) {
  return holder && holder.user_id !== viewerId ? `Being read by ${holder.name}` : null
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
