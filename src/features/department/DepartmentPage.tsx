/**
 * The 'Department' view (DEPT-19..DEPT-30): the department at a glance over a period, 'From' and
 * 'To' (by default the server's: the last 30 days in the department's time zone, filled in from
 * its answer), 'Group by' for turnaround, and four charts, each with its table. A period the
 * calendar refuses is said so here and not asked for.
 */
import { Field, Grid, Heading, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react'
import { skipToken } from '@reduxjs/toolkit/query'
import { useState, type ReactNode } from 'react'
import type { TurnaroundGroup } from '../../../contract'
import {
  useCriticalCommunicationStatsQuery,
  useFollowUpStatsQuery,
  useTurnaroundStatsQuery,
  useVolumeStatsQuery,
  type StatsWindowArg,
} from '../../services/api/statsApi'
import { CriticalChart } from './CriticalChart'
import { FollowUpChart } from './FollowUpChart'
import { TurnaroundChart } from './TurnaroundChart'
import { VolumeChart } from './VolumeChart'
import { DayField } from '../../components/ui'

export const DEPARTMENT_HEADING = 'Department'

/** The period's problem, or null: both dates or neither, and from on or before to. */
export function windowProblem(window: StatsWindowArg): string | null {
  if (window.from && window.to && window.from > window.to)
    return "'From' must be on or before 'To'."
  return null
}

/** A chart's place while its numbers come, or when they could not be read. */
function Pending({ title, failed }: { title: string; failed: boolean }) {
  return (
    <Stack as="figure" m="0" p="4" borderWidth="1px" borderColor="border" borderRadius="md">
      <Heading as="h2" size="md">
        {title}
      </Heading>
      <Text color={failed ? 'fg.error' : 'fg.muted'} role={failed ? 'alert' : undefined}>
        {failed ? `The ${title.toLowerCase()} numbers could not be loaded.` : 'Loading…'}
      </Text>
    </Stack>
  )
}

function Slot<T>({
  title,
  query,
  children,
}: {
  title: string
  query: { data?: T | undefined; isError: boolean }
  children: (data: T) => ReactNode
}) {
  return query.data ? children(query.data) : <Pending title={title} failed={query.isError} />
}

export function DepartmentPage() {
  const [chosen, setChosen] = useState<StatsWindowArg>({})
  const [by, setBy] = useState<TurnaroundGroup>('priority')
  const problem = windowProblem(chosen)
  const window = problem ? skipToken : chosen
  const turnaround = useTurnaroundStatsQuery(problem ? skipToken : { ...chosen, by })
  const volume = useVolumeStatsQuery(window)
  const critical = useCriticalCommunicationStatsQuery(window)
  const followUps = useFollowUpStatsQuery(window)
  // The dates shown: those chosen, else the period the server answered for.
  const answered = volume.data ?? turnaround.data
  const from = chosen.from ?? answered?.from ?? ''
  const to = chosen.to ?? answered?.to ?? ''
  const set = (changed: StatsWindowArg) => {
    const next = { from, to, ...changed }
    setChosen({ ...(next.from ? { from: next.from } : {}), ...(next.to ? { to: next.to } : {}) })
  }
  return (
    <Stack gap="5" px="6" py="5" maxWidth="90rem" width="100%" marginX="auto">
      <Heading as="h1" size="xl">
        {DEPARTMENT_HEADING}
      </Heading>
      <HStack gap="4" align="end" wrap="wrap">
        <DayField
          label="From"
          value={from}
          onChange={(value) => {
            set({ from: value })
          }}
        />
        <DayField
          label="To"
          value={to}
          onChange={(value) => {
            set({ to: value })
          }}
        />
        <Field.Root width="auto" minWidth="10rem">
          <Field.Label>Group by</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field
              value={by}
              onChange={(event) => {
                setBy(event.target.value === 'modality' ? 'modality' : 'priority')
              }}
            >
              <option value="priority">Priority</option>
              <option value="modality">Modality</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        {answered?.time_zone ? (
          <Text color="fg.muted" fontSize="sm" pb="2">
            Days and hours in {answered.time_zone}
          </Text>
        ) : null}
      </HStack>
      {problem ? (
        <Text role="alert" color="fg.error">
          {problem}
        </Text>
      ) : (
        <Grid templateColumns={{ base: '1fr', xl: 'repeat(2, minmax(0, 1fr))' }} gap="5">
          <Slot title="Turnaround" query={turnaround}>
            {(data) => <TurnaroundChart stats={data} />}
          </Slot>
          <Slot title="Studies per hour" query={volume}>
            {(data) => <VolumeChart stats={data} />}
          </Slot>
          <Slot title="Critical result communication" query={critical}>
            {(data) => <CriticalChart stats={data} />}
          </Slot>
          <Slot title="Follow-up completion" query={followUps}>
            {(data) => <FollowUpChart stats={data} />}
          </Slot>
        </Grid>
      )}
    </Stack>
  )
}
