/**
 * The sidebar (WS-1..7): a fixed left panel of SIDEBAR_WIDTH that slides in and out over
 * SIDEBAR_TRANSITION_MS as `open` changes (the workspace frame owns that state: its header's
 * 'Toggle sidebar' button flips it).
 * Top to bottom: the product title, the patient finder, the 'Worklist' and 'Active Studies'
 * sections, and 'Clear All Studies'. The sections scroll inside themselves (capped at
 * SECTION_MAX_HEIGHT_PX); the middle of the panel scrolls when both are tall.
 */
import { Box, Heading } from '@chakra-ui/react'
import { useCallback } from 'react'
import { useAppConfig } from '../../shared/config'
import { SIDEBAR_TRANSITION_MS, SIDEBAR_WIDTH } from '../../shared/constants'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { isApiError } from '../../services/api/baseApi'
import type { WorklistOrder } from './selectors'
import { useListOrdersQuery, useListPatientsQuery } from '../../services/api/ordersApi'
import { ClearAllStudies } from './ClearAllStudies'
import { ListEmpty, ListError, ListSkeleton } from './ListStates'
import { OrderList } from './OrderList'
import { selectSelectedOrderId, studySelected } from './ordersSlice'
import { PatientFinder } from './PatientFinder'
import { selectActiveStudies, selectFilteredWorklist } from './selectors'
import { SidebarSection } from './SidebarSection'

export const SIDEBAR_ID = 'sidebar'

function errorMessage(error: unknown): string {
  return isApiError(error) ? error.message : 'The server could not be reached.'
}

type Lists =
  { state: 'loading' } | { state: 'error'; message: string; retry: () => void } | { state: 'ready' }

/** Both lists are needed: the worklist leaves out orders of patients it does not know (WS-7). */
function useWorklistLists(): Lists {
  const orders = useListOrdersQuery()
  const patients = useListPatientsQuery()
  if (orders.isError || patients.isError) {
    const failed = orders.isError ? orders : patients
    return {
      state: 'error',
      message: errorMessage(failed.error),
      retry: () => {
        if (orders.isError) void orders.refetch()
        if (patients.isError) void patients.refetch()
      },
    }
  }
  if (!orders.isSuccess || !patients.isSuccess) return { state: 'loading' }
  return { state: 'ready' }
}

export interface SidebarProps {
  /** Shown, or slid out of view and out of the tab order. */
  open: boolean
}

export function Sidebar({ open }: SidebarProps) {
  const { productTitle } = useAppConfig()
  const dispatch = useAppDispatch()
  const selectedOrderId = useAppSelector(selectSelectedOrderId)
  const worklist = useAppSelector(selectFilteredWorklist)
  const activeStudies = useAppSelector(selectActiveStudies)
  const lists = useWorklistLists()
  const transition = `${String(SIDEBAR_TRANSITION_MS)}ms ease`

  const openStudy = useCallback(
    (order: WorklistOrder) => {
      dispatch(studySelected({ orderId: order.id }))
    },
    [dispatch],
  )

  const body = (
    label: string,
    orders: readonly WorklistOrder[],
    empty: string,
    idPrefix: string,
  ) => {
    if (lists.state === 'loading') return <ListSkeleton label={`Loading ${label.toLowerCase()}…`} />
    if (lists.state === 'error') return null
    if (orders.length === 0) return <ListEmpty text={empty} />
    return (
      <OrderList
        label={label}
        idPrefix={idPrefix}
        orders={orders}
        selectedOrderId={selectedOrderId}
        onOpen={openStudy}
      />
    )
  }

  const ready = lists.state === 'ready'
  return (
    <Box
      as="aside"
      id={SIDEBAR_ID}
      aria-label="Sidebar"
      position="fixed"
      insetY="0"
      left="0"
      zIndex="docked"
      width={SIDEBAR_WIDTH}
      display="flex"
      flexDirection="column"
      bg="bg.subtle"
      borderRightWidth="1px"
      borderColor="border"
      transform={open ? 'translateX(0)' : 'translateX(-100%)'}
      // Visibility follows the slide, so a closed sidebar leaves the tab order once it is out.
      transition={`transform ${transition}, visibility ${transition}`}
      visibility={open ? 'visible' : 'hidden'}
      data-state={open ? 'open' : 'closed'}
    >
      <Box px="4" py="3" borderBottomWidth="1px" borderColor="border">
        <Heading as="h2" size="md">
          {productTitle}
        </Heading>
      </Box>
      <Box px="3" py="3" borderBottomWidth="1px" borderColor="border">
        <PatientFinder />
      </Box>
      <Box flex="1" minHeight="0" overflowY="auto">
        {lists.state === 'error' && <ListError message={lists.message} onRetry={lists.retry} />}
        <SidebarSection title="Worklist" count={ready ? worklist.length : undefined}>
          {body('Worklist', worklist, 'No orders found', 'worklist')}
        </SidebarSection>
        <SidebarSection title="Active Studies" count={ready ? activeStudies.length : undefined}>
          {body('Active Studies', activeStudies, 'No active studies', 'active')}
        </SidebarSection>
      </Box>
      <Box px="3" py="3" borderTopWidth="1px" borderColor="border">
        <ClearAllStudies />
      </Box>
    </Box>
  )
}
