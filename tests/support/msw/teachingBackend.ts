/**
 * The teaching flow of the in-memory /api/v1 (RL-15, RV-13..RV-25): who the caller is (GET /me),
 * a trainee's 'Send for review' and an attending's 'Return to trainee', refusing as the real
 * server refuses (403 `forbidden` for a role that may not, 409 `awaiting_review` while a report
 * waits for its attending, 400 on a bad body). By default /me answers from the admin accounts
 * (adminBackend.ts): the caller's roles there, and Clear All theirs while there is one active
 * account or they are an admin; a caller no account names is a radiologist who may clear.
 */
import { HttpResponse, type HttpHandler } from 'msw'
import {
  AWAITING_REVIEW_ERROR,
  FORBIDDEN_ERROR,
  returnToTraineeRequestSchema,
  type Order,
  type Report,
  type RouteName,
  type UserRole,
  type WhoAmI,
} from '../../../contract'
import type { AdminState } from './adminBackend'
import { buildReport, buildSections, FIXED_TIME } from './data'
import { callerOf } from './orderPages'

export interface TeachingState {
  /** What GET /me answers: from the accounts, this answer, or 404 (a backend without /me). */
  me: 'accounts' | WhoAmI | 'none'
}

export const demoTeachingState = (): TeachingState => ({ me: 'accounts' })

type Backend = { orders: Order[]; admin: AdminState; teaching: TeachingState }

/** Who the caller is, as GET /me would answer (a backend without /me: a radiologist). */
export function whoIs(backend: Backend, headers: Headers): WhoAmI {
  const { me } = backend.teaching
  if (me !== 'accounts' && me !== 'none') return me
  const caller = callerOf(headers)
  const account = backend.admin.users.find((user) => user.id === caller)
  if (me === 'none' || !account) {
    return { user_id: caller, name: 'Dr Test', roles: ['radiologist'], clear_all: true }
  }
  const active = backend.admin.users.filter((user) => user.active).length
  return {
    user_id: account.id,
    name: account.name,
    roles: account.roles,
    clear_all: active <= 1 || account.roles.includes('admin'),
  }
}

/** GET /me answers a session of `roles` from now on (the tests' clinician, who may clear). */
export function signedInAs(
  backend: Backend,
  roles: UserRole[],
  extra: Partial<WhoAmI> = {},
): WhoAmI {
  const me: WhoAmI = { user_id: 'U-test', name: 'Dr Test', roles, clear_all: true, ...extra }
  backend.teaching.me = me
  return me
}

/** The order's report as sent for review by `by` (its sections: what they sent). */
export function awaitingReview(
  order: Order,
  by = { user_id: 'U-tess', name: 'Dr Tess Trainee' },
  sections = order.report?.sections ?? buildSections({ findings: 'Lungs are clear.' }),
): Report {
  order.report = buildReport({
    ...(order.report ?? {}),
    sections: order.report?.sections ?? sections,
    preliminary: { state: 'awaiting_review', by, at: FIXED_TIME, sections, returned: null },
  })
  return order.report
}

export const forbidden = () =>
  HttpResponse.json(
    { error: FORBIDDEN_ERROR, message: 'Your role does not allow this.' },
    { status: 403 },
  )

export const AWAITING_REVIEW_MESSAGE = 'This report is awaiting review; it cannot be changed.'

/**
 * A write the caller may not make to `order`'s report now: a trainee's while it waits for review
 * (409 `awaiting_review`), a sign-off by anyone but a radiologist (403). null: it may go ahead.
 */
export function reviewRefusal(
  backend: Backend,
  order: Order,
  headers: Headers,
  write: 'save' | 'finalize',
): Response | null {
  const { roles } = whoIs(backend, headers)
  if (write === 'finalize' && !roles.includes('radiologist')) return forbidden()
  const awaiting = order.report?.preliminary?.state === 'awaiting_review'
  if (awaiting && !roles.includes('radiologist')) {
    return HttpResponse.json(
      { error: AWAITING_REVIEW_ERROR, message: AWAITING_REVIEW_MESSAGE },
      { status: 409 },
    )
  }
  return null
}

/** A signature over a report sent for review co-signs it (RV-19). */
export function cosigned(report: Report): Report {
  const preliminary = report.preliminary
  return preliminary && preliminary.state !== 'signed'
    ? { ...report, preliminary: { ...preliminary, state: 'signed', returned: null } }
    : report
}

type Responder = (input: {
  params: Record<string, string | readonly string[] | undefined>
  body: unknown
  headers: Headers
}) => Response

export function teachingHandlers(
  backend: Backend,
  handle: (route: RouteName, respond: Responder) => HttpHandler,
  write: (order: Order, report: Report, cause: 'preliminary' | 'returned') => Response,
) {
  const orderOf = (id: unknown) => backend.orders.find((order) => order.id === id)
  const missing = () =>
    HttpResponse.json({ error: 'not_found', message: 'order not found' }, { status: 404 })
  const conflict = (message: string) =>
    HttpResponse.json({ error: 'conflict', message }, { status: 409 })
  return [
    handle('whoAmI', ({ headers }) =>
      backend.teaching.me === 'none'
        ? HttpResponse.json({ error: 'not_found', message: 'no such route' }, { status: 404 })
        : HttpResponse.json(whoIs(backend, headers)),
    ),
    handle('sendForReview', ({ params, headers }) => {
      const order = orderOf(params.id)
      if (!order) return missing()
      const me = whoIs(backend, headers)
      if (!me.roles.includes('trainee')) return forbidden()
      const report = order.report
      if (!report || report.is_final) return conflict('There is no draft to send.')
      if (report.preliminary?.state === 'awaiting_review') return conflict('Already sent.')
      const by = { user_id: me.user_id, name: me.name }
      return write(
        order,
        {
          ...report,
          preliminary: {
            state: 'awaiting_review',
            by,
            at: FIXED_TIME,
            sections: report.sections,
            returned: null,
          },
        },
        'preliminary',
      )
    }),
    handle('returnToTrainee', ({ params, headers, body }) => {
      const order = orderOf(params.id)
      if (!order) return missing()
      const me = whoIs(backend, headers)
      if (!me.roles.includes('radiologist')) return forbidden()
      const parsed = returnToTraineeRequestSchema.safeParse(body)
      if (!parsed.success) {
        return HttpResponse.json(
          { error: 'bad_request', message: 'invalid return' },
          { status: 400 },
        )
      }
      const report = order.report
      const preliminary = report?.preliminary
      if (!report || preliminary?.state !== 'awaiting_review')
        return conflict('Not awaiting review.')
      const returned = {
        by: { user_id: me.user_id, name: me.name },
        at: FIXED_TIME,
        comment: parsed.data.comment,
      }
      return write(
        order,
        { ...report, preliminary: { ...preliminary, state: 'returned', returned } },
        'returned',
      )
    }),
  ]
}
