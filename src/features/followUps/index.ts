/**
 * The Follow-ups view (FU-30..FU-38): the follow-up recommendations of signed reports and their
 * closing by hand. Its code loads only when /follow-ups is opened (src/app/router.tsx).
 */
export { FOLLOW_UPS_HEADING, FollowUpsPage } from './FollowUpsPage'
