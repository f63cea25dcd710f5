/**
 * FU-30, FU-33, FU-37: the follow-ups, overdue first (the server's order): the patient, the exam,
 * the window, the status (a red badge when overdue) and, once closed, how; the reason; the report
 * that recommends it, one click away ('Open report', named with its accession number for screen
 * readers). An open or overdue one offers 'Complete' and 'Decline'.
 */
import { Badge, Button, HStack, Link, Table, Text } from '@chakra-ui/react'
import type { RefObject } from 'react'
import { Link as RouterLink } from 'react-router-dom'
import type { FollowUp } from '../../services/api/followUpsApi'
import { closedText, dueText, examText, patientText, STATUS_BADGES } from './followUpText'
import type { Resolution } from './ResolveDialog'
import { DataTable } from '../../components/ui'

export const FOLLOW_UPS_TABLE = 'Follow-ups'
export const NO_FOLLOW_UPS = 'No follow-ups to show.'

const COLUMNS = ['Patient', 'Exam', 'Due', 'Status', 'Reason', 'Recommended in', 'Actions'] as const

function StatusCell({ item }: { item: FollowUp }) {
  const badge = STATUS_BADGES[item.status]
  const closed = closedText(item)
  return (
    <Table.Cell>
      <Badge colorPalette={badge.palette} variant={item.status === 'overdue' ? 'solid' : 'subtle'}>
        {badge.label}
      </Badge>
      {closed !== null && (
        <Text fontSize="xs" color="fg.muted" mt="1" whiteSpace="normal" minWidth="12rem">
          {closed}
        </Text>
      )}
    </Table.Cell>
  )
}

export function FollowUpsTable({
  items,
  onResolve,
  tableRef,
}: {
  items: readonly FollowUp[]
  /** The table's frame, which takes the focus when a dialog's opener is gone (FU-33). */
  tableRef?: RefObject<HTMLDivElement | null>
  onResolve: (item: FollowUp, resolution: Resolution) => void
}) {
  return (
    <DataTable
      columns={COLUMNS}
      label={FOLLOW_UPS_TABLE}
      rowCount={items.length}
      empty={NO_FOLLOW_UPS}
      scrollRef={tableRef}
    >
      {items.map((item) => {
        const open = item.status === 'open' || item.status === 'overdue'
        const accession = item.source.accession_number
        return (
          <Table.Row key={item.id}>
            <Table.Cell>
              <Text>{patientText(item)}</Text>
              {item.patient.mrn && (
                <Text fontSize="xs" color="fg.muted">
                  MRN {item.patient.mrn}
                </Text>
              )}
            </Table.Cell>
            <Table.Cell whiteSpace="nowrap">{examText(item)}</Table.Cell>
            <Table.Cell whiteSpace="nowrap">{dueText(item)}</Table.Cell>
            <StatusCell item={item} />
            <Table.Cell whiteSpace="normal" minWidth="10rem">
              {item.reason}
            </Table.Cell>
            <Table.Cell>
              <Text fontSize="xs" color="fg.muted">
                {item.source.study_description}
              </Text>
              <Link asChild colorPalette="brand" variant="underline">
                <RouterLink
                  to={`/?study=${encodeURIComponent(item.source_order_id)}`}
                  aria-label={`Open report ${accession}`.trim()}
                >
                  Open report
                </RouterLink>
              </Link>
            </Table.Cell>
            <Table.Cell>
              {open && (
                <HStack gap="2">
                  <Button
                    size="xs"
                    variant="outline"
                    onClick={() => {
                      onResolve(item, 'completed')
                    }}
                  >
                    Complete
                  </Button>
                  <Button
                    size="xs"
                    variant="outline"
                    onClick={() => {
                      onResolve(item, 'declined')
                    }}
                  >
                    Decline
                  </Button>
                </HStack>
              )}
            </Table.Cell>
          </Table.Row>
        )
      })}
    </DataTable>
  )
}
