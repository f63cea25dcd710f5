/**
 * PEER-23..PEER-25: 'Scores of my reports': how many of each RADPEER score the radiologist's own
 * signed reports received, and each score (Study, Date, Score, Comment), newest first. Who scored
 * is never shown: the answer does not hold it.
 */
import { Alert, Box, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react'
import { useId } from 'react'
import { useListMyPeerReviewsQuery, type PeerReview } from '../../services/api/peerReviewApi'
import { localDay, refusalText, SCORES } from './peerReviewText'

export const MY_SCORES = 'Scores of my reports'
export const NO_SCORES = 'No scores yet.'
const COLUMNS = ['Study', 'Date', 'Score', 'Comment'] as const

const studyOf = (review: PeerReview) =>
  [review.study_description, review.accession_number].filter(Boolean).join(' · ')

export function MyScores() {
  const headingId = useId()
  const { data, error, isLoading } = useListMyPeerReviewsQuery()
  return (
    <Stack as="section" aria-labelledby={headingId} gap="3">
      <Heading as="h2" id={headingId} size="md">
        {MY_SCORES}
      </Heading>
      {error !== undefined && (
        <Alert.Root status="error" size="sm">
          <Alert.Indicator />
          <Alert.Title>{refusalText(error)}</Alert.Title>
        </Alert.Root>
      )}
      {isLoading && <Text color="fg.muted">Loading…</Text>}
      {data && (
        <>
          <HStack as="ul" aria-label="Counts per score" gap="4" wrap="wrap" listStyleType="none">
            {SCORES.map((score) => (
              <Box as="li" key={score} fontSize="sm">
                <Text as="span" fontWeight="semibold">
                  {score}
                </Text>
                : {data.by_score[score]}
              </Box>
            ))}
          </HStack>
          {data.items.length === 0 ? (
            <Text color="fg.muted">{NO_SCORES}</Text>
          ) : (
            <Table.ScrollArea borderWidth="1px" borderRadius="md">
              <Table.Root size="sm" variant="line">
                <Table.Caption captionSide="top" textAlign="start" color="fg.muted" px="3" py="2">
                  {MY_SCORES}
                </Table.Caption>
                <Table.Header>
                  <Table.Row>
                    {COLUMNS.map((column) => (
                      <Table.ColumnHeader key={column}>{column}</Table.ColumnHeader>
                    ))}
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {data.items.map((review) => (
                    <Table.Row key={review.id}>
                      <Table.Cell>{studyOf(review)}</Table.Cell>
                      <Table.Cell whiteSpace="nowrap">
                        {review.created_at && (
                          <time dateTime={review.created_at}>{localDay(review.created_at)}</time>
                        )}
                      </Table.Cell>
                      <Table.Cell fontWeight="semibold">{review.score}</Table.Cell>
                      <Table.Cell whiteSpace="pre-wrap" overflowWrap="anywhere" minWidth="16rem">
                        {review.comment}
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          )}
        </>
      )}
    </Stack>
  )
}
