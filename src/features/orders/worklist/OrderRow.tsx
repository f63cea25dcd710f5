/**
 * One worklist entry (WS-5): the patient, the order (modality, body part, study description,
 * accession number) and its priority, how long it has waited (WL-8, WL-9) and who else reads it
 * (WL-10). Rows have a fixed height so the virtualized list can
 * place 10,000 of them without measuring any; longer texts are cut with an ellipsis and kept
 * whole in the title.
 */
import { Box, Flex, Text } from '@chakra-ui/react'
import { memo } from 'react'
import { IN_PROGRESS } from '../../../../contract'
import type { WorklistOrder } from './selectors'
import { PriorityBadge } from './PriorityBadge'
import { ClaimNote, ReviewMark, WaitingClock } from './RowMarks'
import { patientLabel, studyLabel } from '../../../shared/worklistRowText'

/** Height of a row in px: three lines of text and the row's padding. */
export const ROW_HEIGHT = 76

export interface OrderRowProps {
  order: WorklistOrder
  /** Position in the whole list, for the virtualizer and for screen readers. */
  index: number
  setSize: number
  /** Offset from the top of the list, in px. */
  start: number
  optionId: string
  selected: boolean
  /** The row that takes focus when the list is entered (roving tab stop). */
  tabbable: boolean
  onOpen: (order: WorklistOrder) => void
  onFocusRow: (orderId: string) => void
}

export const OrderRow = memo(function OrderRow({
  order,
  index,
  setSize,
  start,
  optionId,
  selected,
  tabbable,
  onOpen,
  onFocusRow,
}: OrderRowProps) {
  const study = studyLabel(order)
  return (
    <Box
      role="option"
      id={optionId}
      data-index={index}
      aria-selected={selected}
      aria-setsize={setSize}
      aria-posinset={index + 1}
      tabIndex={tabbable ? 0 : -1}
      position="absolute"
      top="0"
      left="0"
      width="100%"
      height={`${ROW_HEIGHT}px`}
      // Inline, so each position does not become a class of its own.
      style={{ transform: `translateY(${start}px)` }}
      px="3"
      py="2"
      cursor="pointer"
      borderLeftWidth="3px"
      borderLeftColor={selected ? 'brand.solid' : 'transparent'}
      bg={selected ? 'bg.emphasized' : 'transparent'}
      borderBottomWidth="1px"
      borderBottomColor="border.muted"
      _hover={{ bg: selected ? 'bg.emphasized' : 'bg.muted' }}
      _focusVisible={{
        outline: '2px solid',
        outlineColor: 'brand.focusRing',
        outlineOffset: '-2px',
      }}
      onClick={() => {
        onOpen(order)
      }}
      onFocus={() => {
        onFocusRow(order.id)
      }}
    >
      <Flex align="center" gap="2">
        <Text fontWeight="semibold" truncate flex="1" title={patientLabel(order)}>
          {patientLabel(order)}
        </Text>
        <WaitingClock
          orderedAt={order.ordered_at}
          priority={order.priority}
          signed={order.report?.is_final === true}
        />
        <PriorityBadge priority={order.priority} />
      </Flex>
      <Text fontSize="sm" color="fg.muted" truncate title={study}>
        {study}
      </Text>
      <Flex fontSize="xs" color="fg.subtle" gap="2" minWidth="0">
        <Text fontFamily="mono" flexShrink={0}>
          {order.accession_number}
        </Text>
        {order.report?.is_final ? (
          <Text color="fg.muted">Final</Text>
        ) : (
          order.status === IN_PROGRESS && <Text color="brand.fg">In progress</Text>
        )}
        <ReviewMark report={order.report} />
        <ClaimNote holder={order.claimed_by} />
      </Flex>
    </Box>
  )
})
