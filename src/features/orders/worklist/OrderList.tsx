/**
 * A virtualized list of orders (WS-3, WS-5): only the rows in view (and a few either side) are
 * in the page, so 10,000 orders scroll as smoothly as ten. The list is a `listbox` whose rows
 * are options with a roving tab stop: Tab enters the list on the active row, ArrowUp/ArrowDown
 * move by one, Home/End jump to the ends, PageUp/PageDown by a screenful, Enter or Space opens
 * the row's study. The selected study is marked with `aria-selected` and an accent border.
 */
import { Box } from '@chakra-ui/react'
import { observeElementRect, useVirtualizer, type Rect } from '@tanstack/react-virtual'
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
} from 'react'
import { SECTION_MAX_HEIGHT_PX } from '../../../shared/constants'
import type { Id } from '../../../../contract'
import type { WorklistOrder } from './selectors'
import { OrderRow, ROW_HEIGHT } from './OrderRow'

/** Rows rendered beyond each edge of the view, so fast scrolling shows no blank rows. */
const OVERSCAN = 6
/** WL-1: the next page is asked for once a row this close to the end is rendered. */
export const NEAR_END_ROWS = 20
/** Height of the line under the last row that says more rows are coming. */
const FOOTER_HEIGHT = 36
const PAGE_ROWS = Math.max(1, Math.floor(SECTION_MAX_HEIGHT_PX / ROW_HEIGHT) - 1)

/**
 * A list inside a collapsed or not yet laid out container measures 0 px high, and so would
 * render no row at all; it renders as many rows as its height cap holds instead.
 */
function observeRectOrCap(
  instance: Parameters<typeof observeElementRect<HTMLDivElement>>[0],
  callback: (rect: Rect) => void,
) {
  return observeElementRect(instance, (rect) => {
    callback(rect.height > 0 ? rect : { width: rect.width, height: SECTION_MAX_HEIGHT_PX })
  })
}

export interface OrderListProps {
  /** The listbox's accessible name. */
  label: string
  /** Prefix of the options' element ids; unique on the page. */
  idPrefix: string
  orders: readonly WorklistOrder[]
  selectedOrderId: Id | null
  onOpen: (order: WorklistOrder) => void
  /** The last rows are rendered (scrolled or moved into view): time to load more, if any. */
  onNearEnd?: (() => void) | undefined
  /**
   * A line under the last row, for the eye only ('Loading more…'): screen readers hear it
   * from a status outside the list, whose children are options only.
   */
  footer?: string | undefined
}

export function OrderList({
  label,
  idPrefix,
  orders,
  selectedOrderId,
  onOpen,
  onNearEnd,
  footer,
}: OrderListProps) {
  const scrollRef = useRef<HTMLDivElement>(null)
  const [activeId, setActiveId] = useState<Id | null>(null)
  /** A row index to focus once it is rendered (it may need a scroll first). */
  const pendingFocus = useRef<number | null>(null)

  const activeIndex = useMemo(() => {
    const byActive = activeId === null ? -1 : orders.findIndex((order) => order.id === activeId)
    if (byActive >= 0) return byActive
    const bySelection =
      selectedOrderId === null ? -1 : orders.findIndex((order) => order.id === selectedOrderId)
    return Math.max(0, bySelection)
  }, [orders, activeId, selectedOrderId])

  // TanStack Virtual keeps its own mutable state; this component re-renders from it on scroll.
  // eslint-disable-next-line react-hooks/incompatible-library -- the rows below read it during render on purpose
  const virtualizer = useVirtualizer({
    count: orders.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    getItemKey: (index) => orders[index]?.id ?? index,
    observeElementRect: observeRectOrCap,
  })
  const items = virtualizer.getVirtualItems()
  const activeRendered = items.some((item) => item.index === activeIndex)
  const lastRendered = items.at(-1)?.index ?? -1
  const nearEnd = orders.length - 1 - lastRendered <= NEAR_END_ROWS

  useEffect(() => {
    if (nearEnd) onNearEnd?.()
  }, [nearEnd, orders.length, onNearEnd])

  useEffect(() => {
    const index = pendingFocus.current
    if (index === null) return
    const row = scrollRef.current?.querySelector<HTMLElement>(`[data-index="${String(index)}"]`)
    if (row) {
      pendingFocus.current = null
      row.focus({ preventScroll: true })
    }
  })

  const moveTo = (index: number) => {
    const order = orders[index]
    if (!order) return
    setActiveId(order.id)
    pendingFocus.current = index
    virtualizer.scrollToIndex(index, { align: 'auto' })
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = orders.length - 1
    const moves: Record<string, number> = {
      ArrowDown: Math.min(last, activeIndex + 1),
      ArrowUp: Math.max(0, activeIndex - 1),
      Home: 0,
      End: last,
      PageDown: Math.min(last, activeIndex + PAGE_ROWS),
      PageUp: Math.max(0, activeIndex - PAGE_ROWS),
    }
    const target = moves[event.key]
    if (target !== undefined) {
      event.preventDefault()
      moveTo(target)
      return
    }
    if (event.key === 'Enter' || event.key === ' ') {
      const order = orders[activeIndex]
      if (!order) return
      event.preventDefault()
      onOpen(order)
    }
  }

  /** Tab reached the list while its active row is scrolled away: bring the row and its focus. */
  const onListFocus = (event: FocusEvent<HTMLDivElement>) => {
    if (event.target === event.currentTarget) moveTo(activeIndex)
  }

  const onFocusRow = useCallback((orderId: Id) => {
    setActiveId(orderId)
  }, [])

  return (
    <Box
      ref={scrollRef}
      role="listbox"
      aria-label={label}
      tabIndex={activeRendered ? -1 : 0}
      maxHeight={`${String(SECTION_MAX_HEIGHT_PX)}px`}
      // Within the cap, no taller than its section leaves room for (WL-11).
      flex="0 1 auto"
      minHeight="0"
      overflowY="auto"
      overscrollBehavior="contain"
      onKeyDown={onKeyDown}
      onFocus={onListFocus}
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing' }}
    >
      <Box
        role="presentation"
        position="relative"
        style={{
          height: `${String(virtualizer.getTotalSize() + (footer ? FOOTER_HEIGHT : 0))}px`,
        }}
      >
        {items.map((item) => {
          const order = orders[item.index]
          if (!order) return null
          return (
            <OrderRow
              key={item.key}
              order={order}
              index={item.index}
              setSize={orders.length}
              start={item.start}
              optionId={`${idPrefix}-${order.id}`}
              selected={order.id === selectedOrderId}
              tabbable={item.index === activeIndex}
              onOpen={onOpen}
              onFocusRow={onFocusRow}
            />
          )
        })}
        {footer && (
          <Box
            aria-hidden="true"
            position="absolute"
            left="0"
            width="100%"
            height={`${String(FOOTER_HEIGHT)}px`}
            style={{ top: `${String(virtualizer.getTotalSize())}px` }}
            px="3"
            py="2"
            fontSize="sm"
            color="fg.muted"
          >
            {footer}
          </Box>
        )}
      </Box>
    </Box>
  )
}
