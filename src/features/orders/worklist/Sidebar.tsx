/**
 * The sidebar (WS-1..7): a fixed left panel of SIDEBAR_WIDTH that slides in and out over
 * SIDEBAR_TRANSITION_MS as `open` changes (the workspace frame owns that state: its header's
 * 'Toggle sidebar' button flips it).
 * Top to bottom: the product title, 'Next study' (NX-3), the patient finder, the worklist's
 * filters (WL-7), the 'Worklist' and 'Active Studies' sections, and 'Clear All Studies'. The sections scroll inside themselves (capped at
 * SECTION_MAX_HEIGHT_PX); the middle of the panel scrolls when both are tall.
 */
import { Box, Heading, Stack } from '@chakra-ui/react'
import { useCallback, type ReactNode } from 'react'
import { useAppConfig } from '../../../shared/config'
import { useFirstPaintRelease } from '../../../shared/firstPaint'
import { SIDEBAR_TRANSITION_MS, SIDEBAR_WIDTH } from '../../../shared/constants'
import { useAppDispatch, useAppSelector } from '../../../app/hooks'
import type { WorklistOrder } from './selectors'
import { ClearAllStudies } from './ClearAllStudies'
import { ListEmpty, ListError, ListSkeleton, MoreRows } from './ListStates'
import { OrderList } from './OrderList'
import { selectSelectedOrderId, studySelected } from '../ordersSlice'
import { NextStudy } from './NextStudy'
import { PatientFinder } from './PatientFinder'
import { selectActiveStudies, selectShownWorklist } from './selectors'
import { SidebarSection } from './SidebarSection'
import { useSidebarLists, type SectionList } from './useSidebarLists'
import { PageSubscriptions } from './useOrderPages'
import { WorklistFilterBar } from './WorklistFilterBar'

export const SIDEBAR_ID = 'sidebar'

/** The line under a list's last row while more rows are coming, or could not come. */
function footerOf(pages: SectionList['pages']): string | undefined {
  if (pages?.next === 'loading') return 'Loading more…'
  return pages?.next === 'error' ? 'More could not be loaded.' : undefined
}

export interface SidebarProps {
  /** Shown, or slid out of view and out of the tab order. */
  open: boolean
  /** The ways to the other views, under the product's title (the app's: RL-18). */
  views?: ReactNode
}

export function Sidebar({ open, views }: SidebarProps) {
  const { productTitle } = useAppConfig()
  const dispatch = useAppDispatch()
  const selectedOrderId = useAppSelector(selectSelectedOrderId)
  const worklist = useAppSelector(selectShownWorklist)
  const activeStudies = useAppSelector(selectActiveStudies)
  const lists = useSidebarLists()
  const transition = `${String(SIDEBAR_TRANSITION_MS)}ms ease`

  const openStudy = useCallback(
    (order: WorklistOrder) => {
      dispatch(studySelected({ orderId: order.id }))
    },
    [dispatch],
  )
  // The rows painted before the app loaded (src/shared/firstPaint.ts) leave as these show; a
  // study clicked on them opens now.
  const openClicked = useCallback(
    (orderId: string) => {
      dispatch(studySelected({ orderId }))
    },
    [dispatch],
  )
  useFirstPaintRelease(lists.failure !== null || lists.worklist.ready, openClicked)

  const body = (
    label: string,
    section: SectionList,
    orders: readonly WorklistOrder[],
    empty: string,
    idPrefix: string,
  ) => {
    if (lists.failure) return null
    if (!section.ready) return <ListSkeleton label={`Loading ${label.toLowerCase()}…`} />
    const { pages } = section
    if (orders.length === 0 && !pages?.hasMore) return <ListEmpty text={empty} />
    return (
      <>
        <OrderList
          label={label}
          idPrefix={idPrefix}
          orders={orders}
          selectedOrderId={selectedOrderId}
          onOpen={openStudy}
          onNearEnd={pages?.loadMore}
          footer={footerOf(pages)}
        />
        {pages && <MoreRows label={label} pages={pages} />}
      </>
    )
  }

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
        {views && <Box mt="2">{views}</Box>}
      </Box>
      <Stack px="3" py="3" gap="2" borderBottomWidth="1px" borderColor="border">
        <NextStudy />
        <PatientFinder />
        <WorklistFilterBar />
      </Stack>
      {/* WL-11: both sections share the height; Active Studies is never below the whole worklist. */}
      <Box flex="1" minHeight="0" display="flex" flexDirection="column" overflow="hidden">
        {lists.failure && (
          <ListError message={lists.failure.message} onRetry={lists.failure.retry} />
        )}
        <SidebarSection
          title="Worklist"
          count={lists.worklist.ready ? lists.worklist.count(worklist.length) : undefined}
        >
          {body('Worklist', lists.worklist, worklist, 'No orders found', 'worklist')}
        </SidebarSection>
        <SidebarSection
          title="Active Studies"
          maxHeight="40%"
          count={lists.active.ready ? lists.active.count(activeStudies.length) : undefined}
        >
          {body('Active Studies', lists.active, activeStudies, 'No active studies', 'active')}
        </SidebarSection>
        <PageSubscriptions pages={lists.subscriptions} />
      </Box>
      <Box px="3" py="3" borderTopWidth="1px" borderColor="border">
        <ClearAllStudies />
      </Box>
    </Box>
  )
}
