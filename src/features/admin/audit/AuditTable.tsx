/**
 * One page of the audit trail (ADM-17), newest first: the time in the clinician's locale with
 * its ISO value in a <time>, who (their name as the accounts know it now, else their id), the
 * kind as the trail records it, the study (its accession number, else the order id), the address
 * and the detail as `key: value` text.
 */
import { Table, Text } from '@chakra-ui/react'
import type { AuditEvent } from '../../../services/api/adminApi'
import { formatAuditTime, formatDetail } from './auditText'

export const AUDIT_CAPTION = 'Audit trail'
export const NO_EVENTS = 'No events match these filters.'

const COLUMNS = ['Time', 'User', 'Kind', 'Study', 'Address', 'Detail'] as const

export function AuditTable({ events }: { events: readonly AuditEvent[] }) {
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md">
      <Table.Root size="sm" variant="line">
        <Table.Caption captionSide="top" textAlign="start" color="fg.muted" px="3" py="2">
          {AUDIT_CAPTION}
        </Table.Caption>
        <Table.Header>
          <Table.Row>
            {COLUMNS.map((column) => (
              <Table.ColumnHeader key={column}>{column}</Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {events.length === 0 && (
            <Table.Row>
              <Table.Cell colSpan={COLUMNS.length}>
                <Text color="fg.muted">{NO_EVENTS}</Text>
              </Table.Cell>
            </Table.Row>
          )}
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
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  )
}
