/**
 * Peer review (PEER-15..PEER-30): the question on opening a study, which the workspace places
 * beside the report (src/app/StudyReport.tsx), and the 'Peer review' view.
 */
export { PeerReviewPage } from './PeerReviewPage'
export { PeerReviewPrompt } from './PeerReviewPrompt'
