/**
 * The Admin page's content (ADM-10): the heading and two tabs, 'Users' and 'Audit trail'. Each
 * tab's content mounts the first time it is chosen (the audit trail is not read before it is
 * wanted) and stays, so the filters chosen survive a look at the users.
 */
import { Heading, Stack, Tabs } from '@chakra-ui/react'
import { useState } from 'react'
import { AuditTab } from './audit/AuditTab'
import { UsersTab } from './users/UsersTab'

export const ADMIN_HEADING = 'Admin'

type AdminTab = 'users' | 'audit'

export function AdminPage() {
  const [tab, setTab] = useState<AdminTab>('users')
  return (
    <Stack gap="4" px="6" py="5" maxWidth="80rem" width="100%" marginX="auto">
      <Heading as="h1" size="xl">
        {ADMIN_HEADING}
      </Heading>
      <Tabs.Root
        value={tab}
        onValueChange={(details) => {
          setTab(details.value === 'audit' ? 'audit' : 'users')
        }}
        lazyMount
        variant="line"
      >
        <Tabs.List>
          <Tabs.Trigger value="users">Users</Tabs.Trigger>
          <Tabs.Trigger value="audit">Audit trail</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="users">
          <UsersTab />
        </Tabs.Content>
        <Tabs.Content value="audit">
          <AuditTab shown={tab === 'audit'} />
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  )
}
