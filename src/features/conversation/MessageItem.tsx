/**
 * One message of the conversation (CH-1, CH-2, CH-5, CH-7, CH-13): who wrote it and when, the
 * 'Voice input' mark, the content, and the rating of assistant replies.
 *
 * Content is always a React text child inside a `pre-wrap` block: line breaks show, and markup
 * the assistant or a paste put into it stays text (CH-13). Rating is offered on every assistant
 * message, the patient summary included: the server accepts it, and a clinician may well want
 * to flag a wrong summary.
 */
import { Badge, Box, HStack, Text } from '@chakra-ui/react'
import { memo, useId, type ReactNode } from 'react'
import type { InputType } from '../../../contract'
import type { Message } from '../../services/api/model'
import type { AnsweredExchange } from './conversationSlice'
import { formatClockTime, formatDateAndClockTime } from '../../shared/clockTime'
import { MicIcon } from '../../components/ui'
import { PatientSummaryCard } from './PatientSummaryCard'
import { isStructuredSummary, parsePatientSummary } from './patientSummary'
import { RatingControl } from './RatingControl'
import { AUTHOR_LABEL } from './authorshipSlice'

function MessageText({ content }: { content: string }) {
  return (
    <Text whiteSpace="pre-wrap" overflowWrap="anywhere" lineHeight="1.55">
      {content}
    </Text>
  )
}

/** CH-1: the message's time, when the backend gave a readable one. */
function MessageTime({ at }: { at: string | null }) {
  if (at === null) return null
  return (
    <time dateTime={at} title={formatDateAndClockTime(at)}>
      {formatClockTime(at)}
    </time>
  )
}

function VoiceMark() {
  return (
    <Badge size="xs" variant="subtle" colorPalette="purple" gap="1">
      <MicIcon size={12} />
      Voice input
    </Badge>
  )
}

interface MessageFrameProps {
  role: Message['role']
  /**
   * The id for the author's label when the element around the frame is the message's article
   * (a row of the virtualized list, labelled by it, which also tells the message's place in the
   * whole conversation); without it the frame is the article itself.
   */
  rowLabelId?: string
  /** Who wrote it, as the label shows; the role's own label when left out. */
  author?: string
  inputType: InputType
  /** The time, or the state of a message not yet stored. */
  stamp: ReactNode
  children: ReactNode
  footer?: ReactNode
  dimmed?: boolean
}

/** The frame every message shares: label, stamp, marks, the bubble, then the footer. */
export function MessageFrame({
  role,
  author,
  rowLabelId,
  inputType,
  stamp,
  children,
  footer,
  dimmed,
}: MessageFrameProps) {
  const ownLabelId = useId()
  const labelId = rowLabelId ?? ownLabelId
  const isArticle = rowLabelId === undefined
  const mine = role === 'user'
  return (
    <Box
      as={isArticle ? 'article' : 'div'}
      aria-labelledby={isArticle ? labelId : undefined}
      display="flex"
      flexDirection="column"
      alignItems={mine ? 'flex-end' : 'flex-start'}
      py="2"
      opacity={dimmed ? 0.85 : 1}
    >
      <HStack gap="2" fontSize="xs" color="fg.subtle" mb="1" px="1">
        <Text as="span" id={labelId} fontWeight="semibold" color="fg.muted">
          {author ?? AUTHOR_LABEL[role]}
        </Text>
        {stamp}
        {inputType === 'voice' ? <VoiceMark /> : null}
      </HStack>
      <Box
        maxW={mine ? '85%' : 'full'}
        px={mine ? '3.5' : '0'}
        py={mine ? '2' : '0'}
        rounded="lg"
        bg={mine ? 'bg.emphasized' : 'transparent'}
        color="fg"
        fontSize="sm"
      >
        {children}
      </Box>
      {footer}
    </Box>
  )
}

function MessageBody({ message }: { message: Message }) {
  if (isStructuredSummary(message)) {
    const summary = parsePatientSummary(message.content)
    if (summary) return <PatientSummaryCard summary={summary} />
  }
  return <MessageText content={message.content} />
}

export interface MessageItemProps {
  /** Who wrote it as the label shows it (AU-1): 'You', 'AI Assistant' or a colleague's name. */
  author: string
  orderId: string
  message: Message
  /** The id for the author's label, which the list's row (the article) is labelled by. */
  labelId: string
}

/**
 * Memoized: the cache keeps unchanged messages identical, so a new reply renders one item. Its
 * place in the conversation (which changes for every message when one is added, in the set
 * size) is the list row's, not a prop of the item.
 */
export const MessageItem = memo(function MessageItem({
  orderId,
  message,
  labelId,
  author,
}: MessageItemProps) {
  return (
    <MessageFrame
      role={message.role}
      author={author}
      rowLabelId={labelId}
      inputType={message.input_type}
      stamp={<MessageTime at={message.created_at} />}
      footer={
        message.role === 'assistant' ? (
          <RatingControl orderId={orderId} messageId={message.id} rating={message.rating} />
        ) : null
      }
    >
      <MessageBody message={message} />
    </MessageFrame>
  )
})

/**
 * A sent message and its reply, from the send's answer, for the moment until the refetched
 * conversation holds them; rating works already, the reply's id being the server's.
 */
export function AnsweredExchangeItems({
  orderId,
  exchange,
}: {
  orderId: string
  exchange: AnsweredExchange
}) {
  const { reply } = exchange
  const stamp = <MessageTime at={reply?.createdAt ?? null} />
  return (
    <>
      <MessageFrame role="user" inputType={exchange.inputType} stamp={stamp}>
        <MessageText content={exchange.text} />
      </MessageFrame>
      {reply && (
        <MessageFrame
          role="assistant"
          inputType="text"
          stamp={stamp}
          footer={<RatingControl orderId={orderId} messageId={reply.id} rating={null} />}
        >
          <MessageText content={reply.content} />
        </MessageFrame>
      )}
    </>
  )
}

/** The clinician's message while its send is under way (shown so they see what they sent). */
export function SendingMessage({ text, inputType }: { text: string; inputType: InputType }) {
  return (
    <MessageFrame role="user" inputType={inputType} stamp={<span>Sending…</span>} dimmed>
      <MessageText content={text} />
    </MessageFrame>
  )
}
