/**
 * RV-18: what the attending changed in a trainee's preliminary report, section by section, word by
 * word (history/wordDiff.ts, capped so a long section never freezes the tab), against the text on
 * screen: their draft as they type, else the saved report. Loaded with the first report awaiting
 * the attending's review (lazyParts.ts).
 */
import { Box, Heading, Stack, Text } from '@chakra-ui/react'
import { useDeferredValue, useId } from 'react'
import { REPORT_SECTION_KEYS, type Id } from '../../../../contract'
import { useAppSelector } from '../../../app/hooks'
import type { ReportSections } from '../../../services/api/model'
import { draftSections } from '../editor/reconcile'
import { selectReportDraft } from '../editor/reportSlice'
import { SECTION_LABELS } from '../editor/sectionText'
import { Diff } from '../history/Diff'

export const CHANGES_TITLE = 'Changes from the preliminary report'
export const NO_CHANGES = 'No changes from the preliminary report.'

export function ReviewChanges({
  orderId,
  preliminary,
  saved,
}: {
  orderId: Id
  /** The sections the trainee sent. */
  preliminary: ReportSections
  /** The report's sections as the server holds them now. */
  saved: ReportSections
}) {
  const titleId = useId()
  const draft = useAppSelector((state) => selectReportDraft(state, orderId))
  // Typing stays quick: the difference follows a moment later when the text is long.
  const shown = useDeferredValue(draft ? draftSections(draft) : saved)
  const changed = REPORT_SECTION_KEYS.filter((key) => preliminary[key] !== shown[key])
  return (
    <Box
      as="section"
      aria-labelledby={titleId}
      borderWidth="1px"
      borderColor="border"
      borderRadius="md"
      p="2"
    >
      <Heading as="h3" id={titleId} size="xs" mb="1">
        {CHANGES_TITLE}
      </Heading>
      {changed.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          {NO_CHANGES}
        </Text>
      ) : (
        <Stack gap="2">
          {changed.map((key) => (
            <Box key={key}>
              <Text fontSize="xs" fontWeight="semibold" color="fg.muted">
                {SECTION_LABELS[key]}
              </Text>
              <Diff before={preliminary[key]} after={shown[key]} announced />
            </Box>
          ))}
        </Stack>
      )}
    </Box>
  )
}
