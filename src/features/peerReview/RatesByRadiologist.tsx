/**
 * PEER-26..PEER-28: an admin's 'Rates by radiologist' over the days chosen ('From', 'To'; empty:
 * no bound): reviews, the count of each score, and the discrepancy (any score but 1) and
 * significant (2b, 3b) rates as percentages. Names are the signers' as the records hold them.
 */
import { Alert, Heading, HStack, Stack, Table } from '@chakra-ui/react'
import { useId, useState } from 'react'
import { usePeerReviewRatesQuery } from '../../services/api/peerReviewApi'
import { percent, refusalText, SCORES } from './peerReviewText'
import { DayField } from '../../components/ui'
import { DataTable } from '../../components/ui'

export const RATES = 'Rates by radiologist'
export const NO_RATES = 'No reports were scored in these days.'
const COLUMNS = [
  'Radiologist',
  'Reviews',
  ...SCORES,
  'Discrepancy rate',
  'Significant rate',
] as const

export function RatesByRadiologist() {
  const headingId = useId()
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const { data, error } = usePeerReviewRatesQuery({ from, to })
  return (
    <Stack as="section" aria-labelledby={headingId} gap="3">
      <Heading as="h2" id={headingId} size="md">
        {RATES}
      </Heading>
      <HStack gap="3" align="end" wrap="wrap">
        <DayField label="From" value={from} onChange={setFrom} />
        <DayField label="To" value={to} onChange={setTo} />
      </HStack>
      {error !== undefined && (
        <Alert.Root status="error" size="sm">
          <Alert.Indicator />
          <Alert.Title>{refusalText(error)}</Alert.Title>
        </Alert.Root>
      )}
      {data && (
        <DataTable columns={COLUMNS} caption={RATES} rowCount={data.length} empty={NO_RATES}>
          {data.map((row) => (
            <Table.Row key={row.user_id}>
              <Table.Cell>{row.name}</Table.Cell>
              <Table.Cell>{row.reviews}</Table.Cell>
              {SCORES.map((score) => (
                <Table.Cell key={score}>{row.by_score[score]}</Table.Cell>
              ))}
              <Table.Cell>{percent(row.discrepancy_rate)}</Table.Cell>
              <Table.Cell>{percent(row.significant_rate)}</Table.Cell>
            </Table.Row>
          ))}
        </DataTable>
      )}
    </Stack>
  )
}
