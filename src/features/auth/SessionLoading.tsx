import { Center, Text } from '@chakra-ui/react'

/** RT-3: shown while the identity SDK is still finding out whether there is a session. */
export function SessionLoading() {
  return (
    <Center minH="100dvh" role="status">
      <Text color="fg.muted">Loading...</Text>
    </Center>
  )
}
