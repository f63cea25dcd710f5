/**
 * A word-level difference of two texts of a section (wordDiff.ts): inserted words in <ins>,
 * removed ones in <del> (the roles 'insertion' and 'deletion'), the rest as it was. Used by the
 * report's history (RH-1) and the attending's review (RV-18); `announced` adds 'added' and
 * 'removed' before each change for a screen reader, which may not name the roles.
 */
import { Box, VisuallyHidden } from '@chakra-ui/react'
import { wordDiff } from './wordDiff'

export function Diff({
  before,
  after,
  announced = false,
}: {
  before: string
  after: string
  announced?: boolean
}) {
  return (
    <Box
      as="p"
      fontFamily="mono"
      fontSize="xs"
      whiteSpace="pre-wrap"
      overflowWrap="anywhere"
      lineHeight="1.6"
      color="fg.muted"
    >
      {wordDiff(before, after).map((part, index) =>
        part.kind === 'same' ? (
          <span key={index}>{part.text}</span>
        ) : part.kind === 'added' ? (
          <Box as="ins" key={index} bg="green.900" color="green.100" textDecoration="none" px="0.5">
            {announced && <VisuallyHidden>added: </VisuallyHidden>}
            {part.text}
          </Box>
        ) : (
          <Box as="del" key={index} bg="red.950" color="red.200" px="0.5">
            {announced && <VisuallyHidden>removed: </VisuallyHidden>}
            {part.text}
          </Box>
        ),
      )}
    </Box>
  )
}
