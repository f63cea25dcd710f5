/**
 * The Audit trail tab (ADM-16..ADM-20): the filters, one page of events, 'Newer' and 'Older', and
 * 'Export CSV'. 'Older' follows the page's `next_cursor`; 'Newer' goes back through the cursors
 * already followed (the server's cursors only lead to older events). Changing a filter starts
 * again from the newest page. The trail is read again each time the tab is shown, so a change
 * just made on the Users tab is there.
 */
import { Button, HStack, Stack, Text } from '@chakra-ui/react'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import {
  useExportAuditEventsMutation,
  useListAuditEventsQuery,
  useListUsersQuery,
  type AuditFilters as AuditQuery,
} from '../../../services/api/adminApi'
import { refusalMessage } from '../refusal'
import { AuditFilters, NO_FILTERS, type AuditFilterValues } from './AuditFilters'
import { AuditTable } from './AuditTable'
import { exportFileName, localDayBound } from './auditText'
import { downloadFile } from './downloadFile'

/** The filters as the server reads them: empty ones left out, days as the clinician's days. */
export function auditQueryOf(values: AuditFilterValues): AuditQuery {
  const from = localDayBound(values.from, false)
  const to = localDayBound(values.to, true)
  return {
    ...(values.user ? { user: values.user } : {}),
    ...(values.study ? { order: values.study } : {}),
    ...(values.kind ? { kind: values.kind } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  }
}

export function AuditTab({ shown }: { shown: boolean }) {
  const [values, setValues] = useState<AuditFilterValues>(NO_FILTERS)
  /** The cursors followed with 'Older', oldest page last; empty on the newest page. */
  const [cursors, setCursors] = useState<readonly string[]>([])
  const query = useMemo(() => auditQueryOf(values), [values])
  const cursor = cursors.at(-1)
  const page = useListAuditEventsQuery(cursor === undefined ? query : { ...query, cursor })
  const users = useListUsersQuery()
  const [exportCsv, exporting] = useExportAuditEventsMutation()
  const [exportRefusal, setExportRefusal] = useState<string | null>(null)
  const { refetch } = page

  // Shown again after a look at the users: read again (the first showing has just read it).
  const wasShown = useRef(shown)
  useEffect(() => {
    if (shown && !wasShown.current) void refetch()
    wasShown.current = shown
  }, [shown, refetch])

  const filter = useCallback((next: AuditFilterValues) => {
    setValues(next)
    setCursors([])
  }, [])

  const download = async () => {
    setExportRefusal(null)
    const result = await exportCsv(query)
    if (result.error !== undefined) setExportRefusal(refusalMessage(result.error))
    else downloadFile(result.data, exportFileName(new Date()), 'text/csv;charset=utf-8')
  }

  const nextCursor = page.data?.next_cursor ?? null
  return (
    <Stack gap="4">
      <AuditFilters users={users.data ?? []} values={values} onChange={filter} />
      <HStack gap="2" wrap="wrap">
        <Button
          size="sm"
          variant="outline"
          disabled={cursors.length === 0}
          onClick={() => {
            setCursors((followed) => followed.slice(0, -1))
          }}
        >
          Newer
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={nextCursor === null || page.isFetching}
          onClick={() => {
            if (nextCursor !== null) setCursors((followed) => [...followed, nextCursor])
          }}
        >
          Older
        </Button>
        <Button
          size="sm"
          colorPalette="brand"
          marginStart="auto"
          loading={exporting.isLoading}
          loadingText="Exporting…"
          onClick={() => void download()}
        >
          Export CSV
        </Button>
      </HStack>
      {(exportRefusal !== null || page.error) && (
        <Text role="alert" color="red.300">
          {exportRefusal ?? refusalMessage(page.error)}
        </Text>
      )}
      {page.data ? (
        <AuditTable events={page.data.items} />
      ) : (
        !page.error && <Text color="fg.muted">Loading the audit trail…</Text>
      )}
    </Stack>
  )
}
