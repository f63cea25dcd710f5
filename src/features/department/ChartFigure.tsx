/**
 * One chart of the Department view (DEPT-20, DEPT-24): a <figure> whose caption is its heading,
 * the chart (or, with nothing to draw, a sentence saying so: never an empty axis), and a real
 * <table> with the same numbers for screen readers. The table is always in the accessibility
 * tree; 'Show table' shows it on screen as well. The chart itself is hidden from assistive
 * technology (its table says the same) and holds nothing to focus (`accessibilityLayer` off).
 */
import { Box, Button, Flex, Heading, Table, Text, VisuallyHidden } from '@chakra-ui/react'
import { useId, useState, type ReactNode } from 'react'

export function ChartFigure({
  title,
  empty,
  emptyText,
  note,
  chart,
  table,
}: {
  title: string
  /** Nothing to draw: `emptyText` instead of the chart and its table. */
  empty: boolean
  emptyText: string
  /** A sentence under the chart that is not on its axes (the uncommunicated count). */
  note?: ReactNode
  chart: ReactNode
  table: ReactNode
}) {
  const [shown, setShown] = useState(false)
  const headingId = useId()
  const tableId = useId()
  return (
    <Box
      as="figure"
      aria-labelledby={headingId}
      bg="bg.subtle"
      borderWidth="1px"
      borderColor="border"
      borderRadius="md"
      p="4"
      m="0"
      minWidth="0"
    >
      <Flex as="figcaption" align="center" gap="3" mb="3">
        <Heading as="h2" size="md" id={headingId} flex="1">
          {title}
        </Heading>
        {empty ? null : (
          <Button
            size="xs"
            variant="outline"
            aria-expanded={shown}
            aria-controls={tableId}
            onClick={() => {
              setShown(!shown)
            }}
          >
            {shown ? 'Hide table' : 'Show table'}
          </Button>
        )}
      </Flex>
      {empty ? (
        <Text color="fg.muted">{emptyText}</Text>
      ) : (
        <>
          <Box aria-hidden="true" height="16rem">
            {chart}
          </Box>
          <Box id={tableId} overflowX="auto" mt={shown ? '3' : '0'}>
            {shown ? table : <VisuallyHidden>{table}</VisuallyHidden>}
          </Box>
        </>
      )}
      {note ? (
        <Text mt="3" color="fg.muted">
          {note}
        </Text>
      ) : null}
    </Box>
  )
}

/** A plain table of numbers: a caption, a header row and one row per entry. */
export function NumbersTable({
  caption,
  columns,
  rows,
}: {
  caption: string
  columns: readonly string[]
  rows: readonly (readonly string[])[]
}) {
  return (
    <Table.Root size="sm" variant="line">
      <Table.Caption captionSide="top" textAlign="start" color="fg.muted" py="1">
        {caption}
      </Table.Caption>
      <Table.Header>
        <Table.Row>
          {columns.map((column) => (
            <Table.ColumnHeader key={column} scope="col">
              {column}
            </Table.ColumnHeader>
          ))}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.map((row, i) => (
          <Table.Row key={i}>
            {row.map((cell, k) => (
              <Table.Cell key={k}>{cell}</Table.Cell>
            ))}
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  )
}
