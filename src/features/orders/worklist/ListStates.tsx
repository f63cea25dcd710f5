/**
 * What a sidebar list shows when it has no rows to show: skeleton rows while the worklist
 * loads, an error with 'Retry' when it could not be loaded (WS-4; API-6 for answers it cannot read), and the
 * empty state.
 */
import { Box, Button, Skeleton, Stack, Text, VisuallyHidden } from '@chakra-ui/react'
import { ROW_HEIGHT } from './OrderRow'
import type { OrderPages } from './useOrderPages'

const SKELETON_ROWS = 4

export function ListSkeleton({ label }: { label: string }) {
  return (
    <Box aria-busy="true" px="3" py="2">
      <VisuallyHidden role="status">{label}</VisuallyHidden>
      <Stack gap="2" aria-hidden="true">
        {Array.from({ length: SKELETON_ROWS }, (_, index) => (
          <Stack key={index} gap="1.5" height={`${String(ROW_HEIGHT - 8)}px`} justify="center">
            <Skeleton height="3.5" width="60%" />
            <Skeleton height="3" width="85%" />
            <Skeleton height="3" width="30%" />
          </Stack>
        ))}
      </Stack>
    </Box>
  )
}

export function ListError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Stack role="alert" gap="2" px="3" py="3" align="flex-start">
      <Text fontWeight="semibold" color="red.300">
        The worklist could not be loaded.
      </Text>
      <Text fontSize="sm" color="fg.muted">
        {message}
      </Text>
      <Button size="sm" variant="outline" onClick={onRetry}>
        Retry
      </Button>
    </Stack>
  )
}

export function ListEmpty({ text }: { text: string }) {
  return (
    <Text px="3" py="3" fontSize="sm" color="fg.muted">
      {text}
    </Text>
  )
}

/**
 * Under a list loaded page by page (WL-1): while the next page is on its way, a status that
 * screen readers hear (the list shows 'Loading more…' under its last row); when it failed, why,
 * and 'Retry'. Nothing while there is nothing to say.
 */
export function MoreRows({
  label,
  pages,
}: {
  label: string
  pages: Pick<OrderPages, 'next' | 'retry' | 'error'>
}) {
  if (pages.next === 'loading') {
    return <VisuallyHidden role="status">{`Loading more ${label.toLowerCase()}…`}</VisuallyHidden>
  }
  if (pages.next !== 'error') return null
  return (
    <Stack role="alert" gap="2" px="3" py="2" align="flex-start">
      <Text fontSize="sm" color="red.300">
        {`More of the ${label.toLowerCase()} could not be loaded. ${pages.error?.message ?? ''}`.trim()}
      </Text>
      <Button size="xs" variant="outline" onClick={pages.retry}>
        Retry
      </Button>
    </Stack>
  )
}
