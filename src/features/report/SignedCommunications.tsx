/**
 * The critical result communications of a signed report (CR-19), under its signature: part of the
 * legal record, so whoever opens the study sees who was told, how, when and whether they read it
 * back. A backend without the route (404) has none to show.
 */
import { Stack, Text } from '@chakra-ui/react'
import { communicationSentence, type Id } from '../../../contract'
import { useListCommunicationsQuery } from '../../services/api/communicationsApi'
import type { Communication } from '../../services/api/model'

/** One record as a sentence, its time in the browser's zone. */
export function sentenceOf(record: Communication): string {
  const at = record.communicated_at
    ? new Date(record.communicated_at).toLocaleString()
    : 'a time not given'
  return communicationSentence({
    recipient: record.recipient,
    role: record.role,
    method: record.method,
    at,
    readBack: record.read_back,
  })
}

export function SignedCommunications({ orderId }: { orderId: Id }) {
  const { data } = useListCommunicationsQuery(orderId, { refetchOnMountOrArgChange: true })
  if (!data || data.length === 0) return null
  return (
    <Stack gap="1" aria-label="Critical result communications" role="group">
      {data.map((record) => (
        <Text key={record.id} fontSize="sm" color="fg.muted">
          {sentenceOf(record)}
        </Text>
      ))}
    </Stack>
  )
}
