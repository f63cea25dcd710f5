/**
 * The 'Peer review' view (PEER-23..PEER-28): a radiologist's 'Scores of my reports', and for an
 * admin 'Rates by radiologist'. Nobody is ever shown who scored whom.
 */
import { Heading, Stack } from '@chakra-ui/react'
import { useAppSelector } from '../../app/hooks'
import { selectSessionAccess } from '../../services/api/teachingApi'
import { MyScores } from './MyScores'
import { RatesByRadiologist } from './RatesByRadiologist'

export const PEER_REVIEW_HEADING = 'Peer review'

export function PeerReviewPage() {
  const { roles } = useAppSelector(selectSessionAccess)
  return (
    <Stack gap="6" px="6" py="5" maxWidth="80rem" width="100%" marginX="auto">
      <Heading as="h1" size="xl">
        {PEER_REVIEW_HEADING}
      </Heading>
      {roles.includes('radiologist') && <MyScores />}
      {roles.includes('admin') && <RatesByRadiologist />}
    </Stack>
  )
}
