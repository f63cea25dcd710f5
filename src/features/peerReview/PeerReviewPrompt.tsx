/**
 * PEER-15..PEER-22: the question a radiologist may be asked on opening a study: score the
 * colleague's signed prior. A region beside the report, never a dialog, and nothing in it takes
 * focus; the prior's Findings and Impression read-only and its author nowhere (the answer has no
 * author to show). 'Submit score' records it ('Score recorded.', the region closes); 'Not now'
 * closes it for this study for the rest of the session; a refusal says the server's words.
 */
import { Alert, Box, Button, Field, Heading, HStack, Stack, Text, Textarea } from '@chakra-ui/react'
import { useId, useState } from 'react'
import type { RadpeerScore } from '../../../contract'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import {
  peerReviewAnswered,
  useAskPeerReviewQuery,
  useRecordPeerReviewMutation,
  type PeerReviewPrior,
} from '../../services/api/peerReviewApi'
import { selectSessionAccess, selectSessionAccessKnown } from '../../services/api/teachingApi'
import { localDay, refusalText } from './peerReviewText'
import { ScoreChoice } from './ScoreChoice'

export const PEER_REVIEW_REGION = 'Peer review'
export const SUBMIT_SCORE = 'Submit score'
export const NOT_NOW = 'Not now'
export const SCORE_RECORDED = 'Score recorded.'
export const COMMENT_RULE = 'Required unless the score is 1.'
export const NO_SCORE_CHOSEN = 'Choose a RADPEER score.'
export const COMMENT_NEEDED = 'A comment is required for any score but 1.'

export const promptText = (prior: PeerReviewPrior): string => {
  const day = localDay(prior.ordered_at ?? prior.finalized_at)
  const what = prior.study_description || prior.accession_number
  return `Score the prior report of ${day}${what ? ` (${what})` : ''}`
}

function PriorSection({ label, text }: { label: string; text: string }) {
  return (
    <Box>
      <Text fontSize="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase">
        {label}
      </Text>
      <Text fontSize="sm" whiteSpace="pre-wrap">
        {text.trim() === '' ? '—' : text}
      </Text>
    </Box>
  )
}

function ScoreForm({
  orderId,
  prior,
  onRecorded,
}: {
  orderId: string
  prior: PeerReviewPrior
  onRecorded: (orderId: string) => void
}) {
  const dispatch = useAppDispatch()
  const headingId = useId()
  const [score, setScore] = useState<RadpeerScore | null>(null)
  const [comment, setComment] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [record, { isLoading, error }] = useRecordPeerReviewMutation()
  const needsComment = score !== null && score !== '1'

  const submit = async () => {
    const missing =
      score === null
        ? NO_SCORE_CHOSEN
        : needsComment && comment.trim() === ''
          ? COMMENT_NEEDED
          : null
    setProblem(missing)
    if (score === null || missing !== null) return
    const done = await record({
      order_id: prior.order_id,
      asked_on_order_id: orderId,
      score,
      comment: comment.trim(),
    })
    if (!('data' in done)) return
    onRecorded(orderId)
    dispatch(peerReviewAnswered(orderId))
  }

  return (
    <Box
      as="section"
      aria-labelledby={headingId}
      m="3"
      p="3"
      borderWidth="1px"
      borderRadius="md"
      borderColor="border.emphasized"
      bg="bg.panel"
    >
      <Stack gap="3">
        <Heading as="h2" id={headingId} size="sm">
          {PEER_REVIEW_REGION}
        </Heading>
        <Text fontSize="sm">{promptText(prior)}</Text>
        <PriorSection label="Findings" text={prior.findings} />
        <PriorSection label="Impression" text={prior.impression} />
        <ScoreChoice
          value={score}
          onChange={(chosen) => {
            setScore(chosen)
            setProblem(null)
          }}
        />
        <Field.Root required={needsComment}>
          <Field.Label>Comment</Field.Label>
          <Textarea
            size="sm"
            rows={2}
            value={comment}
            onChange={(event) => {
              setComment(event.target.value)
            }}
          />
          <Field.HelperText>{COMMENT_RULE}</Field.HelperText>
        </Field.Root>
        {(problem ?? error) && (
          <Alert.Root status="error" size="sm">
            <Alert.Indicator />
            <Alert.Title>{problem ?? refusalText(error)}</Alert.Title>
          </Alert.Root>
        )}
        <HStack gap="2">
          <Button size="sm" loading={isLoading} onClick={() => void submit()}>
            {SUBMIT_SCORE}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              dispatch(peerReviewAnswered(orderId))
            }}
          >
            {NOT_NOW}
          </Button>
        </HStack>
      </Stack>
    </Box>
  )
}

/** Rendered for the open study; shows only when the server asks a radiologist about a prior. */
export function PeerReviewPrompt({ orderId }: { orderId: string }) {
  const access = useAppSelector(selectSessionAccess)
  const known = useAppSelector(selectSessionAccessKnown)
  const radiologist = known && access.roles.includes('radiologist')
  const { data } = useAskPeerReviewQuery(orderId, { skip: !radiologist })
  const [recorded, setRecorded] = useState<string | null>(null)
  const prior = radiologist ? (data?.prior ?? null) : null
  return (
    <>
      {/* A polite live region, not role="status": the report panel's one status is the
          save state ('Saved', 'Not saved'), which its readers and tests find by that role. */}
      <Text
        aria-live="polite"
        fontSize="sm"
        color="fg.muted"
        px="3"
        pt={recorded === orderId ? '2' : '0'}
      >
        {recorded === orderId ? SCORE_RECORDED : ''}
      </Text>
      {prior && (
        <ScoreForm key={prior.order_id} orderId={orderId} prior={prior} onRecorded={setRecorded} />
      )}
    </>
  )
}
