/**
 * The header's ways to the signed-in views (RL-16, FU-*, PEER-*, DEPT-*): 'Worklist' (from any
 * other view), 'Follow-ups' and 'Department' for every clinician, 'Peer review' for a
 * radiologist (their scores) and an admin (the rates), 'Admin' for an admin. The view open now is left out: the page's heading names it.
 */
import { HStack, Link } from '@chakra-ui/react'
import { NavLink } from 'react-router-dom'
import type { UserRole } from '../../contract'
import { selectSessionAccess } from '../services/api/teachingApi'
import { useAppSelector } from './hooks'

interface View {
  to: string
  label: string
  /** Shown to holders of any of these roles; absent: to everyone. */
  roles?: readonly UserRole[]
}

export const VIEWS: readonly View[] = [
  { to: '/', label: 'Worklist' },
  { to: '/follow-ups', label: 'Follow-ups', roles: ['radiologist', 'trainee'] },
  { to: '/department', label: 'Department', roles: ['radiologist', 'trainee', 'admin'] },
  { to: '/peer-review', label: 'Peer review', roles: ['radiologist', 'admin'] },
  { to: '/admin', label: 'Admin', roles: ['admin'] },
]

export function ViewLinks({ current }: { current: string }) {
  const access = useAppSelector(selectSessionAccess)
  // A backend without GET /me (the spec's: RL-15) has none of these views' routes either.
  const ours = access.user_id !== null
  const shown = VIEWS.filter(
    (view) =>
      view.to !== current &&
      (view.roles === undefined ||
        (ours && view.roles.some((role) => access.roles.includes(role)))),
  )
  return (
    <HStack as="nav" aria-label="Views" gap="3" rowGap="1" wrap="wrap">
      {shown.map((view) => (
        <Link
          key={view.to}
          asChild
          fontSize="sm"
          fontWeight="medium"
          color="fg"
          focusRing="outside"
          whiteSpace="nowrap"
        >
          <NavLink to={view.to} end>
            {view.label}
          </NavLink>
        </Link>
      ))}
    </HStack>
  )
}
