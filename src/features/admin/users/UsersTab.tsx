/**
 * The Users tab (ADM-11..ADM-15): every account, its roles as checkboxes and whether it may sign
 * in. A change shows at once and is sent as the whole new roles list (or `active`); a refused one
 * goes back and the server's words say why (the last admin). Deactivating asks first, since the
 * account's sessions end at once. With an identity provider's accounts (Descope mode) the server
 * answers 409 and its message stands instead of the table.
 */
import { Button, Stack, Table, Text } from '@chakra-ui/react'
import { useState } from 'react'
import type { UserRole } from '../../../../contract'
import { ConfirmDialog } from '../../../components/ui'
import { useAppDispatch } from '../../../app/hooks'
import {
  adminApi,
  useListUsersQuery,
  type AdminUser,
  type UserChange,
} from '../../../services/api/adminApi'
import { isManagedElsewhere, refusalMessage } from '../refusal'
import { rolesAfter } from './roleChange'
import { UserRow } from './UserRow'

export const USERS_CAPTION = 'Users'

type UserFields = Omit<UserChange, 'id'>

export const deactivateQuestion = (name: string) =>
  `Deactivate ${name}? Their sessions end at once.`

export function UsersTab() {
  const dispatch = useAppDispatch()
  const users = useListUsersQuery()
  const [refusal, setRefusal] = useState<string | null>(null)
  const [deactivating, setDeactivating] = useState<AdminUser | null>(null)

  /**
   * Sends the change `fieldsOf` makes to the account as the cache holds it now, not as the row
   * last rendered it: a second click before the first one's repaint builds on the first.
   */
  const change = async (id: AdminUser['id'], fieldsOf: (user: AdminUser) => UserFields) => {
    setRefusal(null)
    const result = await dispatch((_, getState) => {
      const latest = adminApi.endpoints.listUsers.select()(getState()).data
      const user = latest?.find((candidate) => candidate.id === id)
      return user
        ? dispatch(adminApi.endpoints.updateUser.initiate({ id, ...fieldsOf(user) }))
        : null
    })
    if (result?.error) setRefusal(refusalMessage(result.error))
  }

  if (users.isLoading) return <Text color="fg.muted">Loading users…</Text>
  if (users.error) {
    if (isManagedElsewhere(users.error))
      return <Text role="status">{refusalMessage(users.error)}</Text>
    return (
      <Stack gap="2" align="start">
        <Text role="alert" color="red.300">
          The users could not be loaded. {refusalMessage(users.error)}
        </Text>
        <Button size="sm" variant="outline" onClick={() => void users.refetch()}>
          Retry
        </Button>
      </Stack>
    )
  }

  return (
    <Stack gap="3">
      {refusal !== null && (
        <Text role="alert" color="red.300">
          {refusal}
        </Text>
      )}
      <Table.ScrollArea borderWidth="1px" borderRadius="md">
        <Table.Root size="sm" variant="line">
          <Table.Caption captionSide="top" textAlign="start" color="fg.muted" px="3" py="2">
            {USERS_CAPTION}
          </Table.Caption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Name</Table.ColumnHeader>
              <Table.ColumnHeader>Email</Table.ColumnHeader>
              <Table.ColumnHeader>Roles</Table.ColumnHeader>
              <Table.ColumnHeader>Status</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {(users.data ?? []).map((user) => (
              <UserRow
                key={user.id}
                user={user}
                onRoleChange={(target, role: UserRole, checked) =>
                  void change(target.id, (latest) => ({
                    roles: rolesAfter(latest.roles, role, checked),
                  }))
                }
                onDeactivate={setDeactivating}
                onReactivate={(target) => void change(target.id, () => ({ active: true }))}
              />
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <ConfirmDialog
        open={deactivating !== null}
        title={deactivating ? deactivateQuestion(deactivating.name) : ''}
        question="They cannot sign in again until an admin reactivates the account."
        confirmLabel="Deactivate"
        onCancel={() => {
          setDeactivating(null)
        }}
        onConfirm={() => {
          if (deactivating) void change(deactivating.id, () => ({ active: false }))
          setDeactivating(null)
        }}
      />
    </Stack>
  )
}
