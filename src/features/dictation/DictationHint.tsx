/**
 * The line above the chat input that says what dictation is doing: 'Listening...' while
 * recording (CH-4), 'Cleaning up…' while the cleanup call runs (DC-4), what went wrong
 * (DC-7 'Connection to service terminated.', a refused microphone), and after a cleanup an
 * 'Undo cleanup' button that puts the raw dictation back.
 * The live region is always rendered, so screen readers announce each change.
 */
import { Box, Button, Flex, Spinner, Text } from '@chakra-ui/react'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { cleanupUndoRequested, problemDismissed, selectDictation } from './dictationSlice'
import {
  CLEANED_UP_TEXT,
  CLEANING_UP_TEXT,
  LISTENING_TEXT,
  PROBLEM_TEXT,
  UNDO_CLEANUP_LABEL,
} from './selectors'

function ListeningDot() {
  return (
    <Box
      as="span"
      aria-hidden="true"
      display="inline-block"
      boxSize="2"
      borderRadius="full"
      bg="red.400"
      animation="pulse"
      _motionReduce={{ animation: 'none' }}
    />
  )
}

export function DictationHint() {
  const dispatch = useAppDispatch()
  const dictation = useAppSelector(selectDictation)
  const { status, lastError, undo, orderId } = dictation

  let content = null
  if (status === 'recording') {
    content = (
      <Flex align="center" gap="2" color="fg.muted">
        <ListeningDot />
        <Text>{LISTENING_TEXT}</Text>
      </Flex>
    )
  } else if (status === 'cleaningUp') {
    content = (
      <Flex align="center" gap="2" color="fg.muted">
        <Spinner size="xs" />
        <Text>{CLEANING_UP_TEXT}</Text>
      </Flex>
    )
  } else if (lastError) {
    content = (
      <Flex align="center" gap="3" wrap="wrap">
        <Text color="orange.300">{PROBLEM_TEXT[lastError]}</Text>
        <Button
          size="2xs"
          variant="ghost"
          color="fg.muted"
          onClick={() => dispatch(problemDismissed())}
        >
          Dismiss
        </Button>
      </Flex>
    )
  } else if (undo && undo.orderId === orderId && status === 'idle') {
    content = (
      <Flex align="center" gap="3" wrap="wrap">
        <Text color="fg.muted">{CLEANED_UP_TEXT}</Text>
        <Button
          size="2xs"
          variant="outline"
          onClick={() => dispatch(cleanupUndoRequested({ orderId: undo.orderId }))}
        >
          {UNDO_CLEANUP_LABEL}
        </Button>
      </Flex>
    )
  }

  return (
    <Box
      role="status"
      aria-live="polite"
      fontSize="sm"
      minH={content ? undefined : '0'}
      mb={content ? '2' : '0'}
    >
      {content}
    </Box>
  )
}
