/**
 * The short note a voice command that could not be carried out leaves beside its microphone
 * ('No macro is named ‘x’.', VC-10): the words were not typed, and this says why nothing happened.
 */
import { Text } from '@chakra-ui/react'
import { useAppSelector } from '../../app/hooks'
import type { DictationTarget } from './dictationTypes'
import { selectCommandNote } from './selectors'

export function CommandNote({ target }: { target: DictationTarget }) {
  const note = useAppSelector((state) => selectCommandNote(state, target))
  // A live region that is there before its words, so they are announced; not a 'status' role,
  // which belongs to the editor's save status.
  return (
    <Text aria-live="polite" fontSize="xs" color="fg.muted" truncate>
      {note}
    </Text>
  )
}
