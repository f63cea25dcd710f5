/**
 * The Message box's text area: the one part of the chat input that follows the draft's text, so a
 * keystroke renders a plain <textarea> and nothing else. The input around it (ChatInput) follows
 * only what changes its look (whether there is anything to send, a failed send, a text too long),
 * and styles this area with Chakra's Textarea through `asChild`, which hands it the class name and
 * the field's attributes without rendering again at each keystroke.
 *
 * The text is the store's draft (the area is controlled): typing dispatches `draftEdited` and
 * shows what the store then holds, so dictation, a restored draft or a replayed action log write
 * the area the same way.
 */
import { mergeRefs } from '@chakra-ui/react'
import { useLayoutEffect, useMemo, useRef, type ComponentProps } from 'react'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { TEXTAREA_MAX_HEIGHT_PX } from '../../shared/constants'
import { typedText } from '../../shared/typedText'
import { draftEdited, EMPTY_DRAFT, selectDraft, type ChatDraft } from './conversationSlice'
import { useAutoGrow } from './useAutoGrow'

export interface MessageAreaProps extends Omit<ComponentProps<'textarea'>, 'value' | 'onChange'> {
  orderId: string
  /** Told the draft the area shows, for 'Send' and Enter: they send what the clinician sees. */
  onShown: (draft: ChatDraft) => void
}

export function MessageArea({ orderId, onShown, ref, ...areaProps }: MessageAreaProps) {
  const dispatch = useAppDispatch()
  const draft = useAppSelector((state) => selectDraft(state, orderId))
  const area = useRef<HTMLTextAreaElement>(null)
  // Chakra's `asChild` hands the element's ref down as a prop; this area needs the element too.
  const setArea = useMemo(() => mergeRefs(area, ref), [ref])
  useAutoGrow(area, draft.text, TEXTAREA_MAX_HEIGHT_PX)
  useLayoutEffect(() => {
    onShown(draft)
    return () => {
      onShown(EMPTY_DRAFT)
    }
  }, [onShown, draft])

  return (
    <textarea
      {...areaProps}
      ref={setArea}
      value={draft.text}
      onChange={(event) => {
        dispatch(draftEdited({ orderId, text: typedText(event.target.value) }))
      }}
    />
  )
}
