/** The 'Follow-ups' view in the signed-in page frame; its code loads only when it is opened. */
import { FollowUpsPage } from '../features/followUps'
import { PageFrame } from './PageFrame'

export function FollowUpsFrame() {
  return (
    <PageFrame roles={['radiologist', 'trainee']}>
      <FollowUpsPage />
    </PageFrame>
  )
}
