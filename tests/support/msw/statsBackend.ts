/**
 * The department's numbers of the in-memory /api/v1 (DEPT-19..DEPT-30): each route answers the
 * state's numbers for the window asked (from and to echoed; by default a fixed 30 days ending
 * 2026-11-20 in Europe/Berlin), refusing as the real server refuses (400 on a query the contract
 * refuses, or from after to). Tests set the numbers they need, or empty ones.
 */
import { HttpResponse, type HttpHandler } from 'msw'
import {
  statsQuerySchema,
  turnaroundQuerySchema,
  type CriticalCommunicationStats,
  type FollowUpStats,
  type RouteName,
  type TurnaroundStats,
  type VolumeStats,
} from '../../../contract'

type Numbers<T> = Omit<T, 'from' | 'to' | 'time_zone'>

export interface StatsState {
  turnaround: Omit<Numbers<TurnaroundStats>, 'by'>
  volume: Numbers<VolumeStats>
  critical: Numbers<CriticalCommunicationStats>
  followUps: Numbers<FollowUpStats>
}

export const STATS_DEFAULT_WINDOW = { from: '2026-10-22', to: '2026-11-20' }
export const STATS_ZONE = 'Europe/Berlin'

const stage = (p50: number | null, p90: number | null) => ({ p50, p90 })

/** One stat CT signed on 2 November: 42 minutes ordered to signed; two hours with studies. */
export function demoStatsState(): StatsState {
  const stat = {
    group: 'stat',
    count: 1,
    ordered_to_opened: stage(12, 12),
    opened_to_signed: stage(30, 30),
    ordered_to_signed: stage(42, 42),
  }
  return {
    turnaround: { days: [{ day: '2026-11-02', ...stat }], overall: [stat] },
    volume: {
      hours: [
        { hour: '2026-11-02T07:00:00.000Z', ordered: 1, signed: 0 },
        { hour: '2026-11-02T08:00:00.000Z', ordered: 0, signed: 1 },
        { hour: '2026-11-02T09:00:00.000Z', ordered: 0, signed: 0 },
      ],
    },
    critical: {
      days: [{ day: '2026-11-02', count: 2, delay: stage(10, 18), max: 20 }],
      overall: { count: 2, delay: stage(10, 18) },
      uncommunicated: 1,
    },
    followUps: {
      months: [
        {
          month: '2026-11',
          due: 4,
          completed: 2,
          declined: 1,
          overdue: 1,
          open: 0,
          completion_rate: 0.5,
        },
      ],
    },
  }
}

/** Nothing in the period: no signed report, hours at 0, no follow-up due. */
export function emptyStatsState(): StatsState {
  return {
    turnaround: { days: [], overall: [] },
    volume: { hours: [{ hour: '2026-11-02T07:00:00.000Z', ordered: 0, signed: 0 }] },
    critical: { days: [], overall: { count: 0, delay: stage(null, null) }, uncommunicated: 0 },
    followUps: {
      months: [
        {
          month: '2026-11',
          due: 0,
          completed: 0,
          declined: 0,
          overdue: 0,
          open: 0,
          completion_rate: null,
        },
      ],
    },
  }
}

type Responder = (input: { query: URLSearchParams }) => Response

const refusal = (message: string) =>
  HttpResponse.json({ error: 'bad_window', message }, { status: 400 })

/** The window asked for, or the refusal the server would answer. */
function windowOf(query: URLSearchParams, schema = statsQuerySchema) {
  const parsed = schema.safeParse(Object.fromEntries(query))
  if (!parsed.success) return { refused: refusal('invalid query') }
  const from = parsed.data.from ?? STATS_DEFAULT_WINDOW.from
  const to = parsed.data.to ?? STATS_DEFAULT_WINDOW.to
  if (from > to) return { refused: refusal(`'from' (${from}) is after 'to' (${to}).`) }
  return { window: { from, to, time_zone: STATS_ZONE } }
}

export function statsHandlers(
  backend: { stats: StatsState },
  handle: (route: RouteName, respond: Responder) => HttpHandler,
): HttpHandler[] {
  const answer = (route: RouteName, numbers: () => object, by?: true) =>
    handle(route, ({ query }) => {
      const asked = windowOf(query, by ? turnaroundQuerySchema : statsQuerySchema)
      if (asked.refused) return asked.refused
      const extra = by ? { by: query.get('by') === 'modality' ? 'modality' : 'priority' } : {}
      return HttpResponse.json({ ...asked.window, ...extra, ...numbers() })
    })
  return [
    answer('turnaroundStats', () => backend.stats.turnaround, true),
    answer('volumeStats', () => backend.stats.volume),
    answer('criticalCommunicationStats', () => backend.stats.critical),
    answer('followUpStats', () => backend.stats.followUps),
  ]
}
