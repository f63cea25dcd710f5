/**
 * WS-14: who is signed in, in the header: the clinician's name as the identity provider holds it
 * (locally the 'Full name' given at sign-up, LG-5; with Descope the user's name), or the login id
 * when there is no name. Hovering or focusing the name shows the login id it signed in with, as
 * a tooltip the name is described by, so a keyboard and a screen reader reach it too. Right after
 * the name, the session's roles (RL-16, SessionRoles.tsx).
 */
import { Portal, Text, Tooltip } from '@chakra-ui/react'
import { useUser } from '@descope/react-sdk'
import { SessionRoles } from './SessionRoles'

/** What the header says of the session's user: the name, and the login id behind it. */
export function signedInLabel(
  user: { name?: string | undefined; loginIds?: readonly string[] | undefined } | undefined,
): { name: string; loginId: string } | null {
  const loginId = user?.loginIds?.find((id) => id.trim() !== '')?.trim() ?? ''
  const name = user?.name?.trim() || loginId
  return name === '' ? null : { name, loginId }
}

/** The name's look, with or without its tooltip. */
const NAME_STYLE = { fontSize: 'sm', color: 'fg.muted', truncate: true, maxWidth: '16rem' } as const

export function SignedInUser() {
  return (
    <>
      <SignedInName />
      <SessionRoles />
    </>
  )
}

function SignedInName() {
  // The SDK types its user as always there; until the user record has loaded, it is not.
  const user = useUser().user as ReturnType<typeof useUser>['user'] | undefined
  const label = signedInLabel(user)
  if (!label) return null
  if (label.loginId === '') {
    return (
      <Text as="span" {...NAME_STYLE}>
        {label.name}
      </Text>
    )
  }
  return (
    <Tooltip.Root openDelay={300} closeDelay={100} positioning={{ placement: 'bottom-end' }}>
      <Tooltip.Trigger asChild>
        <Text as="span" tabIndex={0} borderRadius="sm" focusVisibleRing="outside" {...NAME_STYLE}>
          {label.name}
        </Text>
      </Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner>
          {/* Dark like the rest of the page: Chakra's inverted tooltip is a white glare here. */}
          <Tooltip.Content
            bg="bg.emphasized"
            color="fg"
            borderWidth="1px"
            borderColor="border.emphasized"
          >
            Signed in as{' '}
            <Text as="span" fontWeight="semibold">
              {label.loginId}
            </Text>
          </Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  )
}
