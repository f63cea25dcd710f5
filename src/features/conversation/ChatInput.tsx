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
import { useRef, type KeyboardEvent, type ReactNode } from 'react'
import { TEXTAREA_MAX_HEIGHT_PX } from '../../shared/constants'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { LIMITS } from '../../../contract'
import { useSendMessageMutation } from '../../services/api/conversationApi'
import { draftEdited, selectDraft, selectIsSending, selectSendFailed } from './conversationSlice'
import { SendIcon } from './icons'
import { useAutoGrow } from './useAutoGrow'
import { typedText } from '../../shared/typedText'

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
  const dispatch = useAppDispatch()
  const draft = useAppSelector((state) => selectDraft(state, orderId))
  const sending = useAppSelector((state) => selectIsSending(state, orderId))
  const sendFailed = useAppSelector((state) => selectSendFailed(state, orderId))
  const [sendMessage] = useSendMessageMutation()
  const areaRef = useRef<HTMLTextAreaElement>(null)
  useAutoGrow(areaRef, draft.text, TEXTAREA_MAX_HEIGHT_PX)

  const tooLong = draft.text.length > LIMITS.messageChars
  const canSend = draft.text.trim() !== '' && !sending && !isRecording && !tooLong

  const send = () => {
    if (!canSend) return
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
            ref={areaRef}
            aria-label="Message"
            value={draft.text}
            onChange={(event) => {
              dispatch(draftEdited({ orderId, text: typedText(event.target.value) }))
            }}
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
          />
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
              Message too long: {draft.text.length.toLocaleString()} of{' '}
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
