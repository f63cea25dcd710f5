/**
 * The open study's chat, with the dictation feature's microphone button and hint put in, and
 * whether it records (CH-8). Only this component follows the recording flag, so starting or
 * stopping dictation renders the chat (its input), not the whole workspace around it.
 */
import { Chat } from '../features/conversation'
import { DictationHint, MicButton, selectIsRecording } from '../features/dictation'
import { useAppSelector } from './hooks'

export function StudyChat({ orderId }: { orderId: string }) {
  const recording = useAppSelector((state) => selectIsRecording(state, orderId))
  return (
    <Chat
      orderId={orderId}
      isRecording={recording}
      micButton={<MicButton orderId={orderId} />}
      dictationHint={<DictationHint />}
    />
  )
}
