/**
 * WL-7: the worklist's filters, compact, above the lists: priority and modality as selects,
 * 'Mine', 'Unclaimed' and 'Final' as toggle buttons ('Mine' and 'Unclaimed' exclude each other),
 * and for a radiologist of a backend with the teaching flow (GET /me answered), 'Awaiting my
 * review' (RV-21).
 * What they do with each kind of backend is the selectors' business (worklistFilters.ts).
 */
import { Button, Flex, NativeSelect } from '@chakra-ui/react'
import { createSelector } from '@reduxjs/toolkit'
import type { ChangeEvent, ReactNode } from 'react'
import { useAppDispatch, useAppSelector } from '../../../app/hooks'
import type { Priority } from '../../../../contract'
import { isReviewer, teachingApi } from '../../../services/api/teachingApi'
import { selectWorklist } from './selectors'
import { selectWorklistFilters, worklistFiltersChanged, type ClaimedFilter } from './worklistSlice'

/** The modalities a department reads most; any other the worklist holds is offered too. */
const COMMON_MODALITIES = ['CT', 'MR', 'US', 'XR', 'NM', 'MG'] as const

const PRIORITY_NAMES: Readonly<Record<Priority, string>> = {
  stat: 'Stat',
  urgent: 'Urgent',
  routine: 'Routine',
}
const PRIORITY_CHOICES = Object.keys(PRIORITY_NAMES) as Priority[]

/**
 * Whether the backend knows claims: some row says `claimed_by` (null included). A backend
 * without them (the spec's) gets no 'Mine' and 'Unclaimed', which could only mislead there.
 */
const selectKnowsClaims = createSelector(
  [selectWorklist],
  (orders) => orders.length === 0 || orders.some((order) => order.claimed_by !== undefined),
)

const selectWhoAmI = teachingApi.endpoints.whoAmI.select()

/** RV-21: a radiologist, as GET /me says (a backend without it has no review to filter by). */
const selectReviews = (state: Parameters<typeof selectWhoAmI>[0]): boolean => {
  const access = selectWhoAmI(state).data
  return access !== undefined && isReviewer(access)
}

const selectModalities = createSelector([selectWorklist], (orders) => {
  const codes = new Set<string>(COMMON_MODALITIES)
  for (const order of orders) if (order.modality !== '') codes.add(order.modality.toUpperCase())
  return [...codes].sort()
})

function Toggle({
  pressed,
  onToggle,
  children,
}: {
  pressed: boolean
  onToggle: () => void
  children: ReactNode
}) {
  return (
    <Button
      size="xs"
      variant={pressed ? 'subtle' : 'outline'}
      colorPalette={pressed ? 'brand' : 'gray'}
      aria-pressed={pressed}
      onClick={onToggle}
    >
      {children}
    </Button>
  )
}

function FilterSelect({
  label,
  value,
  onChange,
  children,
}: {
  label: string
  value: string
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void
  children: ReactNode
}) {
  return (
    <NativeSelect.Root size="xs" flex="1" minWidth="0">
      <NativeSelect.Field aria-label={label} value={value} onChange={onChange}>
        {children}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  )
}

export function WorklistFilterBar() {
  const dispatch = useAppDispatch()
  const filters = useAppSelector(selectWorklistFilters)
  const modalities = useAppSelector(selectModalities)
  const knowsClaims = useAppSelector(selectKnowsClaims)
  const reviews = useAppSelector(selectReviews)
  const claimed = (value: ClaimedFilter) => () =>
    dispatch(worklistFiltersChanged({ claimed: filters.claimed === value ? 'all' : value }))

  return (
    <Flex role="group" aria-label="Worklist filters" gap="1.5" wrap="wrap" align="center">
      <Flex gap="1.5" width="100%">
        <FilterSelect
          label="Priority"
          value={filters.priority}
          onChange={(event) =>
            dispatch(worklistFiltersChanged({ priority: event.target.value as Priority | '' }))
          }
        >
          <option value="">All priorities</option>
          {PRIORITY_CHOICES.map((priority) => (
            <option key={priority} value={priority}>
              {PRIORITY_NAMES[priority]}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect
          label="Modality"
          value={filters.modality}
          onChange={(event) => dispatch(worklistFiltersChanged({ modality: event.target.value }))}
        >
          <option value="">All modalities</option>
          {modalities.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </FilterSelect>
      </Flex>
      {knowsClaims && (
        <>
          <Toggle pressed={filters.claimed === 'mine'} onToggle={claimed('mine')}>
            Mine
          </Toggle>
          <Toggle pressed={filters.claimed === 'unclaimed'} onToggle={claimed('unclaimed')}>
            Unclaimed
          </Toggle>
        </>
      )}
      <Toggle
        pressed={filters.final}
        onToggle={() => dispatch(worklistFiltersChanged({ final: !filters.final }))}
      >
        Final
      </Toggle>
      {reviews && (
        <Toggle
          pressed={filters.review}
          onToggle={() => dispatch(worklistFiltersChanged({ review: !filters.review }))}
        >
          Awaiting my review
        </Toggle>
      )}
    </Flex>
  )
}
