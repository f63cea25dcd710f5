export { FollowUpsPage } from './FollowUpsPage'
