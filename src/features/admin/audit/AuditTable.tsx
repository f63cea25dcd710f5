/**
 * One page of the audit trail (ADM-17), newest first: the time in the clinician's locale with
 * its ISO value in a <time>, who (their name as the accounts know it now, else their id), the
 * kind as the trail records it, the study (its accession number, else the order id), the address
 * and the detail as `key: value` text.
 */
import { Table } from '@chakra-ui/react'
import type { AuditEvent } from '../../../services/api/adminApi'
import { formatAuditTime, formatDetail } from './auditText'
import { DataTable } from '../../../components/ui'

export const AUDIT_CAPTION = 'Audit trail'
export const NO_EVENTS = 'No events match these filters.'

const COLUMNS = ['Time', 'User', 'Kind', 'Study', 'Address', 'Detail'] as const

export function AuditTable({ events }: { events: readonly AuditEvent[] }) {
  return (
    <DataTable columns={COLUMNS} caption={AUDIT_CAPTION} rowCount={events.length} empty={NO_EVENTS}>
      {events.map((event) => (
        <Table.Row key={`${String(event.seq)}-${event.at}`}>
          <Table.Cell whiteSpace="nowrap">
            <time dateTime={event.at}>{formatAuditTime(event.at)}</time>
          </Table.Cell>
          <Table.Cell>{event.user_name ?? event.user_id ?? ''}</Table.Cell>
          <Table.Cell fontFamily="mono" fontSize="xs">
            {event.kind}
          </Table.Cell>
          <Table.Cell>{event.accession_number ?? event.order_id ?? ''}</Table.Cell>
          <Table.Cell fontFamily="mono" fontSize="xs">
            {event.address ?? ''}
          </Table.Cell>
          <Table.Cell
            fontSize="xs"
            color="fg.muted"
            whiteSpace="normal"
            overflowWrap="anywhere"
            minWidth="16rem"
          >
            {formatDetail(event.detail)}
          </Table.Cell>
        </Table.Row>
      ))}
    </DataTable>
  )
}
