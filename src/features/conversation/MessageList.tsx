/**
 * The conversation of one study: loading skeleton, error with 'Retry', the messages, the
 * exchange just answered, the clinician's message while it is being sent and 'Assistant is
 * thinking...' (CH-3), following new messages unless the clinician has scrolled up
 * ('Jump to latest').
 *
 * The stored messages are virtualized (only those in and near the viewport are in the DOM,
 * each measured as it renders). Measured in Chromium with 500 messages: rendering them all
 * blocked the main thread for about 0.7 s on opening the study and up to 0.45 s per reply;
 * virtualized, opening costs one task of about 60 ms and a reply no long task at all.
 * Following the bottom stays DOM-based (useFollowLatest), so it also covers what is rendered
 * after the virtual rows; the virtualizer starts at the end too, so opening a study renders the
 * latest messages only.
 */
import {
  Box,
  Button,
  Center,
  HStack,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react'
import { useVirtualizer } from '@tanstack/react-virtual'
import { memo, useId, useMemo, useRef } from 'react'
import { useAppSelector } from '../../app/hooks'
import { isApiError } from '../../services/api/baseApi'
import { useListMessagesQuery } from '../../services/api/conversationApi'
import { selectAnsweredExchanges, selectOutgoingMessage } from './conversationSlice'
import { authorLabel, idsRecognised, selectAuthorship, viewerOf } from './authorshipSlice'
import { ArrowDownIcon } from './icons'
import { AnsweredExchangeItems, MessageItem, SendingMessage } from './MessageItem'
import { CONTENT_PADDING_PX, estimatedEnd, estimateMessageHeight, OVERSCAN } from './messageHeights'
import { useFollowLatest } from './useFollowLatest'

function LoadingMessages() {
  return (
    <Stack gap="5" py="2" aria-hidden="true">
      <Skeleton height="4" width="32" />
      <Skeleton height="24" width="full" rounded="md" />
      <Skeleton height="10" width="60%" alignSelf="flex-end" rounded="lg" />
      <Skeleton height="16" width="80%" rounded="md" />
    </Stack>
  )
}

function ThinkingIndicator() {
  return (
    <HStack gap="2" py="2" color="fg.muted" fontSize="sm">
      <HStack gap="1" aria-hidden="true">
        {[0, 1, 2].map((dot) => (
          <Box
            key={dot}
            boxSize="1.5"
            rounded="full"
            bg="brand.fg"
            animation="pulse 1.2s ease-in-out infinite"
            _motionReduce={{ animation: 'none' }}
            style={{ animationDelay: `${String(dot * 0.2)}s` }}
          />
        ))}
      </HStack>
      <Text>Assistant is thinking...</Text>
    </HStack>
  )
}

function errorMessage(error: unknown): string {
  return isApiError(error) ? error.message : 'Please try again.'
}

export interface MessageListProps {
  orderId: string
  /** How many messages the clinician has sent from this chat; each send brings the list down. */
  sendCount: number
}

/**
 * Memoized: the chat re-renders for its input (the microphone's recording flag), which changes
 * nothing here.
 */
export const MessageList = memo(function MessageList({ orderId, sendCount }: MessageListProps) {
  const {
    data: messages,
    error,
    isLoading,
    isError,
    isFetching,
    refetch,
  } = useListMessagesQuery(orderId)
  const outgoing = useAppSelector((state) => selectOutgoingMessage(state, orderId))
  const answered = useAppSelector((state) => selectAnsweredExchanges(state, orderId))
  const authorship = useAppSelector(selectAuthorship)
  const viewer = useMemo(() => viewerOf(authorship), [authorship])
  const recognised = useMemo(() => idsRecognised(messages ?? [], viewer), [messages, viewer])
  const scrollRef = useRef<HTMLDivElement>(null)
  const contentRef = useRef<HTMLDivElement>(null)
  const labelIdPrefix = useId()

  const count = messages?.length ?? 0
  // The app does not use the React Compiler, whose memoization this hook's API defeats.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    // Enabled while there are messages: enabling reads the initial offset, so it is read when
    // they are there (the study's, or the first after none), at their end.
    enabled: count > 0,
    initialOffset: () => (messages ? estimatedEnd(messages) : 0),
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => estimateMessageHeight(messages?.[index]),
    getItemKey: (index) => messages?.[index]?.id ?? index,
    overscan: OVERSCAN,
    // The rows start below the content's top padding, not at the scroll box's top.
    scrollMargin: CONTENT_PADDING_PX,
  })

  const latestKey = [
    messages?.length ?? 0,
    messages?.at(-1)?.id ?? '',
    answered.length,
    outgoing?.requestId ?? '',
  ].join(':')
  const { atBottom, onScroll, jumpToLatest } = useFollowLatest(
    scrollRef,
    contentRef,
    latestKey,
    sendCount,
  )

  const retry = () => {
    void refetch()
  }

  return (
    <Box position="relative" flex="1" minH="0">
      <Box
        ref={scrollRef}
        role="log"
        aria-label="Messages"
        aria-busy={isLoading}
        // Keyboard users scroll the conversation like any other region.
        tabIndex={0}
        h="full"
        overflowY="auto"
        onScroll={onScroll}
        _focusVisible={{
          outline: '2px solid',
          outlineColor: 'brand.focusRing',
          outlineOffset: '-2px',
        }}
      >
        <Box
          ref={contentRef}
          maxW="3xl"
          mx="auto"
          px={{ base: '4', md: '6' }}
          py={`${String(CONTENT_PADDING_PX)}px`}
        >
          {isLoading ? (
            <>
              <VisuallyHidden>Loading messages…</VisuallyHidden>
              <LoadingMessages />
            </>
          ) : null}

          {isError && !messages ? (
            <Center flexDirection="column" gap="3" py="12" textAlign="center">
              <Text fontWeight="medium">The messages could not be loaded.</Text>
              <Text fontSize="sm" color="fg.muted">
                {errorMessage(error)}
              </Text>
              <Button size="sm" variant="outline" loading={isFetching} onClick={retry}>
                Retry
              </Button>
            </Center>
          ) : null}

          {messages?.length === 0 && answered.length === 0 && !outgoing ? (
            <Center py="12">
              <Text color="fg.muted" fontSize="sm">
                No messages yet. Ask the assistant about this study.
              </Text>
            </Center>
          ) : null}

          {messages && messages.length > 0 ? (
            <Box position="relative" width="full" style={{ height: virtualizer.getTotalSize() }}>
              {virtualizer.getVirtualItems().map((row) => {
                const message = messages[row.index]
                if (!message) return null
                const labelId = `${labelIdPrefix}-${message.id}`
                // The row is the message's article: its place in the conversation changes with
                // every message added (the set size), and the memoized item need not render
                // again for that.
                return (
                  <Box
                    as="article"
                    key={row.key}
                    aria-labelledby={labelId}
                    aria-posinset={row.index + 1}
                    aria-setsize={messages.length}
                    data-index={row.index}
                    ref={virtualizer.measureElement}
                    position="absolute"
                    top="0"
                    left="0"
                    width="full"
                    style={{
                      transform: `translateY(${String(row.start - CONTENT_PADDING_PX)}px)`,
                    }}
                  >
                    <MessageItem
                      orderId={orderId}
                      message={message}
                      labelId={labelId}
                      author={authorLabel(message, viewer, recognised)}
                    />
                  </Box>
                )
              })}
            </Box>
          ) : null}

          {answered.map((exchange) => (
            <AnsweredExchangeItems key={exchange.requestId} orderId={orderId} exchange={exchange} />
          ))}

          {outgoing ? (
            <>
              <SendingMessage text={outgoing.text} inputType={outgoing.inputType} />
              <ThinkingIndicator />
            </>
          ) : null}

          {isError && messages ? (
            <HStack justify="center" gap="3" py="3" fontSize="sm" color="fg.muted">
              <Text>The latest messages could not be loaded.</Text>
              <Button size="xs" variant="outline" loading={isFetching} onClick={retry}>
                Retry
              </Button>
            </HStack>
          ) : null}
        </Box>
      </Box>

      {!atBottom ? (
        <Button
          position="absolute"
          bottom="4"
          left="50%"
          transform="translateX(-50%)"
          size="xs"
          rounded="full"
          variant="surface"
          colorPalette="brand"
          shadow="md"
          onClick={jumpToLatest}
        >
          <ArrowDownIcon />
          Jump to latest
        </Button>
      ) : null}
    </Box>
  )
})
