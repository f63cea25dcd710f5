/**
 * What a signed report carries under its signature, as part of the legal record: the pre-sign
 * issues it was signed over and why (QA-22), and its critical result communications (CR-19): who
 * was told, how, when and whether they read it back. A backend without them shows none.
 */
import { Stack, Text } from '@chakra-ui/react'
import { communicationSentence, type Id } from '../../../../contract'
import { useListCommunicationsQuery } from '../../../services/api/communicationsApi'
import type { Communication, Report } from '../../../services/api/model'
import { FinalizedNotice, SignedOver } from '../editor/ReportNotices'

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

/**
 * CR-19: the communications under a signature. Those the report carries (our server's, kept
 * current by the live stream) are shown as they are; a report without them asks for the list.
 */
export function SignedCommunications({
  orderId,
  carried,
}: {
  orderId: Id
  carried: Communication[] | undefined
}) {
  const { data: asked } = useListCommunicationsQuery(orderId, {
    refetchOnMountOrArgChange: true,
    skip: carried !== undefined,
  })
  const data = carried ?? asked
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

/** What heads a signed report: who signed it and when, what it was signed over, who was told. */
export function Signature({ orderId, report }: { orderId: Id; report: Report }) {
  return (
    <>
      <FinalizedNotice
        finalizedAt={report.finalized_at}
        signedBy={report.finalized_by?.name}
        trainee={report.preliminary?.state === 'signed' ? report.preliminary.by.name : null}
      />
      {report.qa_override && <SignedOver override={report.qa_override} />}
      <SignedCommunications orderId={orderId} carried={report.communications} />
    </>
  )
}
