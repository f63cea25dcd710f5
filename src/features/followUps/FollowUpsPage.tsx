/**
 * The 'Follow-ups' view (FU-30..FU-38): the follow-up recommendations of signed reports, overdue
 * first, filtered by 'Status' ('Open and overdue' by default), a page at a time ('Show more'
 * while the server has more). Each open one may be completed or declined by hand, with a reason
 * (./ResolveDialog.tsx).
 */
import { Button, Field, Heading, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react'
import { useMemo, useRef, useState } from 'react'
import { useListFollowUpsInfiniteQuery, type FollowUp } from '../../services/api/followUpsApi'
import { FollowUpsTable } from './FollowUpsTable'
import { STATUS_CHOICES } from './followUpText'
import { refusalText, ResolveDialog, type Resolution } from './ResolveDialog'

export const FOLLOW_UPS_HEADING = 'Follow-ups'

export function FollowUpsPage() {
  const [choice, setChoice] = useState(0)
  const [resolving, setResolving] = useState<{ item: FollowUp; resolution: Resolution } | null>(
    null,
  )
  const [notice, setNotice] = useState<string | null>(null)
  const tableRef = useRef<HTMLDivElement>(null)
  const filters = useMemo(() => ({ status: STATUS_CHOICES[choice]?.statuses ?? [] }), [choice])
  const list = useListFollowUpsInfiniteQuery(filters)
  const items = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data])

  return (
    <Stack gap="4" px="6" py="5" maxWidth="90rem" width="100%" marginX="auto">
      <Heading as="h1" size="xl">
        {FOLLOW_UPS_HEADING}
      </Heading>
      <HStack gap="3" align="end" wrap="wrap">
        <Field.Root width="auto" minWidth="14rem">
          <Field.Label>Status</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field
              value={String(choice)}
              onChange={(event) => {
                setChoice(Number(event.target.value))
                setNotice(null)
              }}
            >
              {STATUS_CHOICES.map((option, index) => (
                <option key={option.label} value={String(index)}>
                  {option.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        {list.data?.pages[0]?.total != null && (
          <Text fontSize="sm" color="fg.muted" role="status">
            {list.data.pages[0].total} in all
          </Text>
        )}
      </HStack>
      {(notice !== null || list.error) && (
        <Text role="alert" color="fg.error">
          {notice ?? refusalText(list.error)}
        </Text>
      )}
      {list.data ? (
        <FollowUpsTable
          tableRef={tableRef}
          items={items}
          onResolve={(item, resolution) => {
            setNotice(null)
            setResolving({ item, resolution })
          }}
        />
      ) : (
        !list.error && <Text color="fg.muted">Loading follow-ups…</Text>
      )}
      {list.hasNextPage && (
        <Button
          size="sm"
          variant="outline"
          alignSelf="start"
          loading={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          Show more
        </Button>
      )}
      {resolving && (
        <ResolveDialog
          item={resolving.item}
          resolution={resolving.resolution}
          fallbackFocus={() => tableRef.current}
          onClose={() => {
            setResolving(null)
          }}
          onClosedElsewhere={(message) => {
            setResolving(null)
            setNotice(message)
          }}
        />
      )}
    </Stack>
  )
}
