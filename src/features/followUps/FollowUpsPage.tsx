/** SCAFFOLD: the 'Follow-ups' view; its owner replaces this bare page. */
import { Heading } from '@chakra-ui/react'

export function FollowUpsPage() {
  return (
    <Heading as="h1" size="lg" px="6" py="4">
      Follow-ups
    </Heading>
  )
}
