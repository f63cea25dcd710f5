/**
 * One of the editor's two text fields ('Report', 'Impression'): its label, the mark of an
 * assistant's change beside it, what sits at its right (the mic, Draft impression), and the
 * text area itself (SectionArea, styled through Chakra's Textarea with `asChild`). The mark
 * stays outside the label: the area's name is the label's word and only that.
 */
import { Box, Field, HStack, Textarea, type TextareaProps } from '@chakra-ui/react'
import type { KeyboardEvent, ReactNode } from 'react'
import { SectionArea, type SectionAreaAttributes } from './SectionArea'

export function ReportField({
  label,
  mark,
  aside,
  grow,
  readOnly,
  dimmed,
  onKeyDown,
  area,
}: {
  label: string
  mark: ReactNode
  aside: ReactNode
  /** The Report fills the height left; the Impression is five rows the clinician may resize. */
  grow: boolean
  readOnly: boolean
  /** The text is shown muted (a report that cannot be written). */
  dimmed: boolean
  onKeyDown: (event: KeyboardEvent<HTMLTextAreaElement>) => void
  area: SectionAreaAttributes
}) {
  const size: TextareaProps = grow ? { flex: '1', resize: 'none' } : { rows: 5, resize: 'vertical' }
  return (
    <Field.Root
      {...(grow ? { flex: '1', minH: '16rem', display: 'flex', flexDirection: 'column' } : {})}
    >
      <HStack gap="0" alignSelf="stretch">
        <Field.Label>{label}</Field.Label>
        {mark}
        <Box flex="1" />
        {aside}
      </HStack>
      <Textarea
        asChild
        readOnly={readOnly}
        fontFamily="mono"
        fontSize="sm"
        lineHeight="1.6"
        spellCheck
        bg="bg"
        color={dimmed ? 'fg.muted' : 'fg'}
        onKeyDown={onKeyDown}
        {...size}
      >
        <SectionArea {...area} />
      </Textarea>
    </Field.Root>
  )
}
