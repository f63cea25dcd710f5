/**
 * The chat of one study (CH-1..13): the conversation above, the input below. The app passes
 * the dictation feature's microphone button and 'Listening...' hint in, and whether it is
 * recording, so this feature knows nothing of dictation beyond what it must show.
 */
import { Flex } from '@chakra-ui/react'
import { useCallback, useState, type ReactNode } from 'react'
import { ChatInput } from './ChatInput'
import { MessageList } from './MessageList'

export interface ChatProps {
  orderId: string
  /** CH-8: no sending while the microphone records. */
  isRecording?: boolean
  micButton?: ReactNode
  dictationHint?: ReactNode
}

export function Chat({ orderId, isRecording = false, micButton, dictationHint }: ChatProps) {
  const [sendCount, setSendCount] = useState(0)
  const countSend = useCallback(() => {
    setSendCount((count) => count + 1)
  }, [])
  return (
    <Flex direction="column" h="full" minH="0" bg="bg">
      {/* Keyed by study: another study starts at its own latest message, not mid-scroll. */}
      <MessageList key={orderId} orderId={orderId} sendCount={sendCount} />
      <ChatInput
        key={`input-${orderId}`}
        orderId={orderId}
        isRecording={isRecording}
        micButton={micButton}
        dictationHint={dictationHint}
        onSent={countSend}
      />
    </Flex>
  )
}
