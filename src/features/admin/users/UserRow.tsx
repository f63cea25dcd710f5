/**
 * One account in the Users table (ADM-12, ADM-14): a checkbox per role, named '<Role> for <name>'
 * (the visible label is the role; assistive technology, which meets one checkbox at a time,
 * hears whose it is), and 'Deactivate <name>' or 'Reactivate <name>' beside its status. The
 * checkboxes are the browser's own, held by React: a change refused and taken back shows as
 * unticked again at once, which a box that keeps its own state would miss.
 */
import { Button, chakra, HStack, Table, Text, Wrap } from '@chakra-ui/react'
import { ROLE_LABELS, ROLES, type UserRole } from '../../../../contract'
import type { AdminUser } from '../../../services/api/adminApi'

export interface UserRowProps {
  user: AdminUser
  onRoleChange: (user: AdminUser, role: UserRole, checked: boolean) => void
  onDeactivate: (user: AdminUser) => void
  onReactivate: (user: AdminUser) => void
}

export function UserRow({ user, onRoleChange, onDeactivate, onReactivate }: UserRowProps) {
  return (
    <Table.Row>
      <Table.Cell fontWeight="medium">{user.name}</Table.Cell>
      <Table.Cell color="fg.muted">{user.email}</Table.Cell>
      <Table.Cell>
        <Wrap gap="4">
          {ROLES.map((role) => (
            <chakra.label
              key={role}
              display="inline-flex"
              alignItems="center"
              gap="1.5"
              fontSize="sm"
              cursor="pointer"
            >
              <chakra.input
                type="checkbox"
                width="4"
                height="4"
                accentColor="brand.solid"
                cursor="pointer"
                aria-label={`${ROLE_LABELS[role]} for ${user.name}`}
                checked={user.roles.includes(role)}
                onChange={(event) => {
                  onRoleChange(user, role, event.target.checked)
                }}
              />
              <span aria-hidden="true">{ROLE_LABELS[role]}</span>
            </chakra.label>
          ))}
        </Wrap>
      </Table.Cell>
      <Table.Cell>
        <HStack gap="3" justify="space-between">
          <Text color={user.active ? 'fg' : 'fg.muted'}>
            {user.active ? 'Active' : 'Deactivated'}
          </Text>
          {user.active ? (
            <Button
              size="xs"
              variant="outline"
              colorPalette="red"
              aria-label={`Deactivate ${user.name}`}
              onClick={() => {
                onDeactivate(user)
              }}
            >
              Deactivate
            </Button>
          ) : (
            <Button
              size="xs"
              variant="outline"
              aria-label={`Reactivate ${user.name}`}
              onClick={() => {
                onReactivate(user)
              }}
            >
              Reactivate
            </Button>
          )}
        </HStack>
      </Table.Cell>
    </Table.Row>
  )
}
