/**
 * Follow-up recommendations of the in-memory /api/v1 (FU-25..FU-40), answering and refusing as
 * the real server does: the pre-sign check's `follow_ups` (what `proposals` holds; null: a backend
 * without follow-ups, the field left out), the items a signature creates (its `follow_ups`, else
 * the proposals, as the server finds them itself), GET /follow-ups (status and order filters, overdue first,
 * pages by cursor) and PATCH /follow-ups/{id} (400 on a bad body, 404, 409 once closed).
 */
import { HttpResponse, type HttpHandler } from 'msw'
import {
  FOLLOW_UP_CLOSED_ERROR,
  FOLLOW_UP_PAGE,
  FOLLOW_UP_STATUSES,
  followUpInputListSchema,
  resolveFollowUpRequestSchema,
  type FollowUp,
  type FollowUpProposal,
  type FollowUpStatus,
  type Order,
  type RouteName,
} from '../../../contract'
import { FIXED_TIME } from './data'

export interface FollowUpsState {
  /** What the pre-sign check finds; null: the answer leaves `follow_ups` out. */
  proposals: FollowUpProposal[] | null
  items: FollowUp[]
}

export const demoFollowUpsState = (): FollowUpsState => ({ proposals: null, items: [] })

type Backend = { orders: Order[]; followUps: FollowUpsState }
type Responder = (input: {
  params: Record<string, string | readonly string[] | undefined>
  body: unknown
  query: URLSearchParams
}) => Response

let sequence = 0

/** A follow-up of `order` with readable defaults (CT chest, due in 2027), open. */
export function buildFollowUp(order: Order, overrides: Partial<FollowUp> = {}): FollowUp {
  sequence += 1
  return {
    id: `FU${String(sequence)}`,
    patient_id: order.patient_id,
    source_order_id: order.id,
    modality: 'CT',
    body_part: 'chest',
    due_from: '2027-02-13',
    due_to: '2027-04-13',
    reason: 'pulmonary nodule',
    text: 'Recommend CT chest in 3 months.',
    status: 'open',
    created_at: FIXED_TIME,
    created_by: { user_id: 'U-test', name: 'Dr Test' },
    patient: order.patient,
    source: {
      accession_number: order.accession_number,
      study_description: order.study_description,
      finalized_at: FIXED_TIME,
    },
    resolution: null,
    ...overrides,
  }
}

/** The check answer's part: `{follow_ups}` when the backend finds them, else nothing. */
export function checkedFollowUps(backend: Backend): { follow_ups?: FollowUpProposal[] } {
  return backend.followUps.proposals ? { follow_ups: backend.followUps.proposals } : {}
}

/** A signature's follow-ups: those it confirmed, else the ones found (FU-27). */
export function followUpsSigned(backend: Backend, order: Order, body: unknown): void {
  const sent = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {}
  const confirmed = followUpInputListSchema.safeParse(sent.follow_ups)
  const items =
    'follow_ups' in sent && confirmed.success ? confirmed.data : (backend.followUps.proposals ?? [])
  for (const item of items) {
    backend.followUps.items.push(buildFollowUp(order, { ...item, text: item.text ?? '' }))
  }
}

const today = () => new Date().toISOString().slice(0, 10)

/** As the server reads it: an open item whose window has ended is overdue. */
function shown(item: FollowUp): FollowUp {
  return item.status === 'open' && item.due_to < today() ? { ...item, status: 'overdue' } : item
}

const RANK: Record<FollowUpStatus, number> = { overdue: 0, open: 1, completed: 2, declined: 2 }

function listOrder(a: FollowUp, b: FollowUp): number {
  const rank = RANK[a.status] - RANK[b.status]
  if (rank !== 0) return rank
  if (a.status === 'overdue') return a.due_to.localeCompare(b.due_to)
  if (a.status === 'open') return a.due_from.localeCompare(b.due_from)
  return (b.resolution?.at ?? '').localeCompare(a.resolution?.at ?? '')
}

const refusal = (status: number, error: string, message: string) =>
  HttpResponse.json({ error, message }, { status })

export function followUpsHandlers(
  backend: Backend,
  handle: (route: RouteName, respond: Responder) => HttpHandler,
  clinician: { user_id: string; name: string },
) {
  return [
    handle('listFollowUps', ({ query }) => {
      const wanted = (query.get('status') ?? '').split(',').filter(Boolean)
      if (wanted.some((status) => !(FOLLOW_UP_STATUSES as readonly string[]).includes(status)))
        return refusal(400, 'bad_request', 'status: unknown status')
      const matching = backend.followUps.items
        .map(shown)
        .filter((item) => wanted.length === 0 || wanted.includes(item.status))
        .filter((item) => !query.has('order') || item.source_order_id === query.get('order'))
        .sort(listOrder)
      const start = Number(query.get('cursor') ?? '0') || 0
      const limit = Number(query.get('limit') ?? FOLLOW_UP_PAGE.defaultLimit)
      const end = start + limit
      return HttpResponse.json({
        items: matching.slice(start, end),
        next_cursor: end < matching.length ? String(end) : null,
        total: matching.length,
      })
    }),
    handle('resolveFollowUp', ({ params, body }) => {
      const item = backend.followUps.items.find((candidate) => candidate.id === params.id)
      if (!item) return refusal(404, 'not_found', 'follow-up not found')
      const parsed = resolveFollowUpRequestSchema.safeParse(body)
      if (!parsed.success) return refusal(400, 'bad_request', 'invalid resolution')
      if (item.status !== 'open') {
        const who = item.resolution?.by?.name ?? 'a matching order'
        return refusal(409, FOLLOW_UP_CLOSED_ERROR, `This follow-up was already closed by ${who}.`)
      }
      item.status = parsed.data.status
      item.resolution = {
        status: parsed.data.status,
        by: clinician,
        at: FIXED_TIME,
        reason: parsed.data.reason,
        order_id: parsed.data.order_id ?? null,
        accession_number: null,
      }
      return HttpResponse.json(shown(item))
    }),
  ]
}
