/**
 * The open study's report editor, with the dictation feature's microphone for the addendum box
 * of a signed report (AD-2) put in, and whether dictation is writing that box.
 */
import { MicButton, selectIsRecording } from '../features/dictation'
import { ReportEditor } from '../features/report'
import { useAppSelector } from './hooks'

export function StudyReport({ orderId }: { orderId: string }) {
  const dictating = useAppSelector((state) => selectIsRecording(state, orderId, 'addendum'))
  return (
    <ReportEditor
      orderId={orderId}
      addendumMic={<MicButton orderId={orderId} target="addendum" />}
      addendumDictating={dictating}
    />
  )
}
