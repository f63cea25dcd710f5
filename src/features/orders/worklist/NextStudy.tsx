/**
 * NX-3..NX-5: 'Next study' and its key, Alt+N. The saga asks the server for the most urgent
 * study nobody reads and opens it; when none is left the sidebar says so, calmly, until the next
 * press. A backend without the route (404) loses the button for the session.
 *
 * Alt+N is one of the workspace's shortcuts (src/shared/hotkeys.ts says where it works): it
 * presses this button while the button is there.
 */
import { Box, Button, Kbd, Text } from '@chakra-ui/react'
import { useAppDispatch, useAppSelector } from '../../../app/hooks'
import { useHotkeyCommand } from '../../../shared/hotkeyCommands'
import { hotkeyOf, hotkeyProps } from '../../../shared/hotkeys'
import { nextStudyRequested, selectNextStudyStatus } from './worklistSlice'

export const NEXT_STUDY_KEYS = hotkeyOf('nextStudy').keys
export const NOTHING_LEFT = 'No unclaimed studies left'

export function NextStudy() {
  const dispatch = useAppDispatch()
  const status = useAppSelector(selectNextStudyStatus)
  const available = status !== 'unavailable'

  const next = () => dispatch(nextStudyRequested())
  useHotkeyCommand('nextStudy', available ? next : null)

  if (!available) return null
  return (
    <Box>
      <Button
        aria-label="Next study"
        {...hotkeyProps('nextStudy', 'Open the most urgent study nobody reads')}
        size="sm"
        width="100%"
        colorPalette="brand"
        variant="subtle"
        loading={status === 'asking'}
        onClick={next}
      >
        Next study
        <Kbd size="sm" aria-hidden="true" ms="auto">
          {NEXT_STUDY_KEYS}
        </Kbd>
      </Button>
      <Text role="status" fontSize="sm" color="fg.muted" mt={status === 'none' ? '1' : '0'}>
        {status === 'none' ? NOTHING_LEFT : ''}
      </Text>
    </Box>
  )
}
