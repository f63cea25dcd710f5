/**
 * The admin's accounts and audit trail (ADM-10..ADM-22). A change to an account shows at once
 * and is taken back when the server refuses it (ADM-13: the last admin, an identity provider's
 * accounts); the list is then read again, since several quick changes to one account cannot be
 * undone one by one safely. The CSV export travels the same request path as every other call
 * (the session token in the Authorization header, never in a URL).
 */
import { apiRequest } from './apiRequest'
import { baseApi } from './baseApi'
import type { AuditKind, Id, UserRole } from '../../../contract'
import type { AdminUser, AuditPage } from './read/admin'

export type { AdminUser, AuditEvent, AuditPage } from './read/admin'

/** The audit trail's filters, as the query sends them (an empty one is not sent). */
export interface AuditFilters {
  user?: Id
  /** An order id or an accession number. */
  order?: string
  kind?: AuditKind
  /** ISO 8601 instants or dates (YYYY-MM-DD), inclusive. */
  from?: string
  to?: string
}

export interface UserChange {
  id: Id
  roles?: UserRole[]
  active?: boolean
}

export const adminApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    // eslint-disable-next-line @typescript-eslint/no-invalid-void-type -- RTK Query's marker for an endpoint without argument
    listUsers: build.query<AdminUser[], void>({
      query: () => apiRequest('listUsers', {}),
    }),
    updateUser: build.mutation<AdminUser, UserChange>({
      query: ({ id, ...body }) => apiRequest('updateUser', { params: { id }, body }),
      async onQueryStarted({ id, ...change }, { dispatch, queryFulfilled }) {
        const shown = dispatch(
          adminApi.util.updateQueryData('listUsers', undefined, (users) => {
            const user = users.find((candidate) => candidate.id === id)
            if (user) Object.assign(user, change)
          }),
        )
        try {
          const { data } = await queryFulfilled
          dispatch(
            adminApi.util.updateQueryData('listUsers', undefined, (users) =>
              users.map((user) => (user.id === data.id ? data : user)),
            ),
          )
        } catch {
          shown.undo()
          void dispatch(
            adminApi.endpoints.listUsers.initiate(undefined, {
              subscribe: false,
              forceRefetch: true,
            }),
          )
        }
      },
    }),
    listAuditEvents: build.query<AuditPage, AuditFilters & { cursor?: string }>({
      query: (filters) => apiRequest('listAuditEvents', { query: { ...filters } }),
    }),
    // A mutation: each click downloads what the server holds then, never a cached copy.
    exportAuditEvents: build.mutation<string, AuditFilters>({
      query: (filters) => apiRequest('exportAuditEvents', { query: { ...filters } }),
    }),
  }),
})

export const {
  useListUsersQuery,
  useUpdateUserMutation,
  useListAuditEventsQuery,
  useExportAuditEventsMutation,
} = adminApi
