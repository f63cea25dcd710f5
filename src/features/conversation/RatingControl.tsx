/**
 * CH-5, CH-6: 'Rate this response:' with two toggle buttons. Clicking the rating already set
 * removes it (the call sends null). The endpoint applies the change to the cached message at
 * once and reverts and logs it when the call fails, so the pressed state here is always the
 * cache's.
 */
import { HStack, IconButton, Text } from '@chakra-ui/react'
import { useId } from 'react'
import type { Rating } from '../../../contract'
import { useRateMessageMutation } from '../../services/api/conversationApi'
import { ThumbDownIcon, ThumbUpIcon } from './icons'

export interface RatingControlProps {
  orderId: string
  messageId: string
  rating: Rating | null
}

export function RatingControl({ orderId, messageId, rating }: RatingControlProps) {
  const [rateMessage] = useRateMessageMutation()
  const promptId = useId()

  const toggle = (value: Rating) => {
    void rateMessage({ orderId, messageId, rating: rating === value ? null : value })
  }

  return (
    <HStack role="group" aria-labelledby={promptId} gap="1" mt="1">
      <Text id={promptId} fontSize="xs" color="fg.subtle" me="1">
        Rate this response:
      </Text>
      <IconButton
        aria-label="Rate up"
        aria-pressed={rating === 'up'}
        size="2xs"
        variant={rating === 'up' ? 'subtle' : 'ghost'}
        colorPalette={rating === 'up' ? 'green' : 'gray'}
        color={rating === 'up' ? 'green.300' : 'fg.subtle'}
        onClick={() => {
          toggle('up')
        }}
      >
        <ThumbUpIcon />
      </IconButton>
      <IconButton
        aria-label="Rate down"
        aria-pressed={rating === 'down'}
        size="2xs"
        variant={rating === 'down' ? 'subtle' : 'ghost'}
        colorPalette={rating === 'down' ? 'red' : 'gray'}
        color={rating === 'down' ? 'red.300' : 'fg.subtle'}
        onClick={() => {
          toggle('down')
        }}
      >
        <ThumbDownIcon />
      </IconButton>
    </HStack>
  )
}
