/** The 'Peer review' view in the signed-in page frame; its code loads only when it is opened. */
import { PeerReviewPage } from '../features/peerReview'
import { PageFrame } from './PageFrame'

export function PeerReviewFrame() {
  return (
    <PageFrame roles={['radiologist', 'admin']}>
      <PeerReviewPage />
    </PageFrame>
  )
}
