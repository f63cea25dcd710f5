/**
 * The open study's report editor, with the dictation feature's microphone for the addendum box
 * of a signed report (AD-2) put in, and whether dictation is writing that box; and, from the
 * orders feature, whether another clinician reads the study (the editor is then read-only, CLM-8)
 * with the notice that says so. Above it, peer review's question when the server asks one
 * (PEER-15): a region of its own, never a dialog.
 */
import {
  CommandNote,
  MicButton,
  selectDictationPoint,
  selectIsRecording,
} from '../features/dictation'
import { ReadingElsewhereNotice, useReadByOther } from '../features/orders'
import { PeerReviewPrompt } from '../features/peerReview'
import { ReportEditor } from '../features/report'
import { useAppSelector } from './hooks'

export function StudyReport({ orderId }: { orderId: string }) {
  const dictating = useAppSelector((state) => selectIsRecording(state, orderId, 'addendum'))
  const readByOther = useReadByOther(orderId)
  const point = useAppSelector((state) => selectDictationPoint(state, orderId))
  return (
    <>
      <PeerReviewPrompt key={orderId} orderId={orderId} />
      <ReportEditor
        orderId={orderId}
        addendumMic={<MicButton orderId={orderId} target="addendum" />}
        addendumDictating={dictating}
        dictation={{
          mic: (cursor) => (
            <>
              <MicButton orderId={orderId} target="report" at={cursor} />
              <CommandNote target="report" />
            </>
          ),
          point,
        }}
        readOnly={readByOther !== null}
        readOnlyNotice={<ReadingElsewhereNotice orderId={orderId} />}
      />
    </>
  )
}
