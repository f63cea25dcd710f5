/**
 * The chat input (CH-8, CH-9, CH-10, CH-12, DC-8): a 'Message' text area growing to
 * TEXTAREA_MAX_HEIGHT_PX, the app's microphone button and dictation hint, and 'Send message'.
 *
 * Send is refused while the text is blank, while a reply is pending and while recording (and
 * for text the server would refuse as too long). Enter sends, Shift+Enter breaks the line, and
 * Enter that confirms an IME composition only confirms it. The text area is read-only while
 * recording: dictation rewrites the whole input (typed text + dictated text), so keystrokes in
 * between would be lost.
 */
import { Box, Flex, IconButton, Text, Textarea } from '@chakra-ui/react'
import { useCallback, useRef, type KeyboardEvent, type ReactNode } from 'react'
import { TEXTAREA_MAX_HEIGHT_PX } from '../../shared/constants'
import { useAppSelector } from '../../app/hooks'
import { LIMITS } from '../../../contract'
import { useSendMessageMutation } from '../../services/api/conversationApi'
import {
  EMPTY_DRAFT,
  selectDraft,
  selectIsSending,
  selectSendFailed,
  type ChatDraft,
} from './conversationSlice'
import { SendIcon } from './icons'
import { MessageArea } from './MessageArea'

export const SEND_FAILED_NOTE = 'Message not sent. Your text is kept; try again.'

/** Safari ends a composition before the Enter keydown, which it marks only with this code. */
const IME_PROCESS_KEY_CODE = 229

function isImeEnter(event: KeyboardEvent<HTMLTextAreaElement>): boolean {
  return (
    event.nativeEvent.isComposing ||
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- the only IME signal Safari gives
    event.nativeEvent.keyCode === IME_PROCESS_KEY_CODE
  )
}

export interface ChatInputProps {
  orderId: string
  isRecording: boolean
  micButton?: ReactNode
  dictationHint?: ReactNode
  onSent?: () => void
}

export function ChatInput({
  orderId,
  isRecording,
  micButton,
  dictationHint,
  onSent,
}: ChatInputProps) {
  // Only what changes the input's look, not the text itself (MessageArea follows that).
  const blank = useAppSelector((state) => selectDraft(state, orderId).text.trim() === '')
  const tooLongBy = useAppSelector((state) => {
    const { length } = selectDraft(state, orderId).text
    return length > LIMITS.messageChars ? length : 0
  })
  const sending = useAppSelector((state) => selectIsSending(state, orderId))
  const sendFailed = useAppSelector((state) => selectSendFailed(state, orderId))
  const [sendMessage] = useSendMessageMutation()
  const areaRef = useRef<HTMLTextAreaElement>(null)
  const shownDraft = useRef<ChatDraft>(EMPTY_DRAFT)
  const onShown = useCallback((shown: ChatDraft) => {
    shownDraft.current = shown
  }, [])

  const tooLong = tooLongBy > 0
  const canSend = !blank && !sending && !isRecording && !tooLong

  const send = () => {
    const draft = shownDraft.current
    if (!canSend || draft.text.trim() === '') return
    void sendMessage({ orderId, content: draft.text.trim(), input_type: draft.inputType })
    onSent?.()
    // A click on the button would otherwise leave the focus on a button about to be disabled.
    areaRef.current?.focus()
  }

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || isImeEnter(event)) return
    event.preventDefault()
    send()
  }

  return (
    <Box
      borderTopWidth="1px"
      borderColor="border"
      bg="bg.subtle"
      px={{ base: '4', md: '6' }}
      py="3"
    >
      <Box maxW="3xl" mx="auto">
        {dictationHint}
        <Flex align="flex-end" gap="2">
          <Textarea
            asChild
            ref={areaRef}
            aria-label="Message"
            // F4 (src/shared/hotkeys.ts) dictates into the box that has the focus.
            data-dictation-target="chat"
            onKeyDown={onKeyDown}
            readOnly={isRecording}
            rows={1}
            resize="none"
            minH="0"
            maxH={`${String(TEXTAREA_MAX_HEIGHT_PX)}px`}
            py="2"
            bg="bg"
            borderColor="border.emphasized"
            _placeholder={{ color: 'fg.subtle' }}
            placeholder="Ask about this study"
          >
            <MessageArea orderId={orderId} onShown={onShown} />
          </Textarea>
          {micButton}
          <IconButton
            aria-label="Send message"
            colorPalette="brand"
            disabled={!canSend}
            onClick={send}
          >
            <SendIcon />
          </IconButton>
        </Flex>
        <Flex justify="space-between" gap="3" mt="1.5" minH="4" fontSize="xs">
          {sendFailed ? (
            <Text role="alert" color="red.300">
              {SEND_FAILED_NOTE}
            </Text>
          ) : tooLong ? (
            <Text role="alert" color="orange.300">
              Message too long: {tooLongBy.toLocaleString()} of{' '}
              {LIMITS.messageChars.toLocaleString()} characters.
            </Text>
          ) : (
            <Text color="fg.subtle">Enter to send, Shift+Enter for a new line</Text>
          )}
        </Flex>
      </Box>
    </Box>
  )
}
