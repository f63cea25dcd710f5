/**
 * The department's numbers (DEPT-19..DEPT-30): one query per chart of the Department view, keyed
 * by its window (and turnaround's grouping), so changing the dates asks again and going back to a
 * window already seen answers from the cache. Only the Department view imports this module: it
 * loads with that view, never with the workspace or the login screen.
 */
import type { TurnaroundGroup } from '../../../contract'
import { apiRequest } from './apiRequest'
import { baseApi } from './baseApi'
import type {
  CriticalCommunicationStats,
  FollowUpStats,
  TurnaroundStats,
  VolumeStats,
} from './read/stats'

export type { CriticalCommunicationStats, FollowUpStats, TurnaroundStats, VolumeStats }

/** Dates (YYYY-MM-DD), inclusive, in the department's time zone; left out: the server's default. */
export interface StatsWindowArg {
  from?: string
  to?: string
}

export const statsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    turnaroundStats: build.query<TurnaroundStats, StatsWindowArg & { by?: TurnaroundGroup }>({
      query: (arg) => apiRequest('turnaroundStats', { query: { ...arg } }),
    }),
    volumeStats: build.query<VolumeStats, StatsWindowArg>({
      query: (arg) => apiRequest('volumeStats', { query: { ...arg } }),
    }),
    criticalCommunicationStats: build.query<CriticalCommunicationStats, StatsWindowArg>({
      query: (arg) => apiRequest('criticalCommunicationStats', { query: { ...arg } }),
    }),
    followUpStats: build.query<FollowUpStats, StatsWindowArg>({
      query: (arg) => apiRequest('followUpStats', { query: { ...arg } }),
    }),
  }),
})

export const {
  useTurnaroundStatsQuery,
  useVolumeStatsQuery,
  useCriticalCommunicationStatsQuery,
  useFollowUpStatsQuery,
} = statsApi
