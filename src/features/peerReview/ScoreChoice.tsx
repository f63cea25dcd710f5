/**
 * PEER-17: the radio group 'RADPEER score', one native radio per score (arrow keys move between
 * them as in any radio group), each labelled with its full words.
 */
import { Box, chakra, Stack, Text } from '@chakra-ui/react'
import { useId } from 'react'
import type { RadpeerScore } from '../../../contract'
import { SCORE_LABELS, SCORES } from './peerReviewText'

export const SCORE_GROUP = 'RADPEER score'

export function ScoreChoice({
  value,
  onChange,
}: {
  value: RadpeerScore | null
  onChange: (score: RadpeerScore) => void
}) {
  const labelId = useId()
  const name = useId()
  return (
    <Box role="radiogroup" aria-labelledby={labelId}>
      <Text id={labelId} fontSize="sm" fontWeight="medium" mb="1">
        {SCORE_GROUP}
      </Text>
      <Stack gap="1">
        {SCORES.map((score) => (
          <chakra.label key={score} display="flex" alignItems="start" gap="2" fontSize="sm">
            <chakra.input
              type="radio"
              name={name}
              value={score}
              checked={value === score}
              onChange={() => {
                onChange(score)
              }}
              mt="1"
              accentColor="colorPalette.solid"
            />
            {SCORE_LABELS[score]}
          </chakra.label>
        ))}
      </Stack>
    </Box>
  )
}
