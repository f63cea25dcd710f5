/**
 * NX-3..NX-5: 'Next study' and its key, Alt+N. The saga asks the server for the most urgent
 * study nobody reads and opens it; when none is left the sidebar says so, calmly, until the next
 * press. A backend without the route (404) loses the button for the session.
 *
 * Alt+N works wherever the focus is, except in a text field where Alt+N types a character (macOS
 * composes a tilde with Option+N, for 'ñ'): there the key is left to the field. It is recognised
 * by the key's position (`code` KeyN), so other keyboard layouts work too, and never with Ctrl,
 * Meta or Shift, which other shortcuts use.
 */
import { Box, Button, Kbd, Text } from '@chakra-ui/react'
import { useEffect } from 'react'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { nextStudyRequested, selectNextStudyStatus } from './worklistSlice'

export const NEXT_STUDY_KEYS = 'Alt+N'
export const NOTHING_LEFT = 'No unclaimed studies left'

function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  return target.isContentEditable || target.matches('input, textarea, select')
}

/** Whether a key press is Alt+N, and not a character a text field is being given. */
export function isNextStudyKey(event: KeyboardEvent): boolean {
  if (!event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return false
  if (event.code !== 'KeyN' || event.repeat) return false
  return !isTextField(event.target) || event.key.toLowerCase() === 'n'
}

export function NextStudy() {
  const dispatch = useAppDispatch()
  const status = useAppSelector(selectNextStudyStatus)
  const available = status !== 'unavailable'

  useEffect(() => {
    if (!available) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isNextStudyKey(event)) return
      event.preventDefault()
      dispatch(nextStudyRequested())
    }
    window.addEventListener('keydown', onKeyDown)
    return () => {
      window.removeEventListener('keydown', onKeyDown)
    }
  }, [available, dispatch])

  if (!available) return null
  return (
    <Box>
      <Button
        aria-label="Next study"
        aria-keyshortcuts={NEXT_STUDY_KEYS}
        title={`Open the most urgent study nobody reads (${NEXT_STUDY_KEYS})`}
        size="sm"
        width="100%"
        colorPalette="brand"
        variant="subtle"
        loading={status === 'asking'}
        onClick={() => dispatch(nextStudyRequested())}
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
