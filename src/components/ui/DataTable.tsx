/**
 * A table of rows the caller renders, with its column headers, named by a caption above it or by
 * a label, and one row saying so when there are none.
 */
import { Table, Text } from '@chakra-ui/react'
import type { ReactNode, Ref } from 'react'

export interface DataTableProps {
  columns: readonly string[]
  /** Shown above the table, naming it. */
  caption?: string
  /** Names the table without a caption. */
  label?: string
  /** How many rows the caller renders; none: the `empty` sentence in one row. */
  rowCount: number
  empty?: string
  /** The scrolling box, for a caller that puts the focus on the table (tabIndex -1). */
  scrollRef?: Ref<HTMLDivElement>
  children: ReactNode
}

export function DataTable({
  columns,
  caption,
  label,
  rowCount,
  empty,
  scrollRef,
  children,
}: DataTableProps) {
  return (
    <Table.ScrollArea
      ref={scrollRef}
      tabIndex={scrollRef ? -1 : undefined}
      borderWidth="1px"
      borderRadius="md"
    >
      <Table.Root size="sm" variant="line" aria-label={label}>
        {caption !== undefined && (
          <Table.Caption captionSide="top" textAlign="start" color="fg.muted" px="3" py="2">
            {caption}
          </Table.Caption>
        )}
        <Table.Header>
          <Table.Row>
            {columns.map((column) => (
              <Table.ColumnHeader key={column}>{column}</Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rowCount === 0 && empty !== undefined && (
            <Table.Row>
              <Table.Cell colSpan={columns.length}>
                <Text color="fg.muted">{empty}</Text>
              </Table.Cell>
            </Table.Row>
          )}
          {children}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  )
}
