/**
 * The editor's foot: where the report stands (saved, finalizing), and 'History', 'Save' and
 * 'Finalize' with their shortcuts on hover; a trainee's 'Send for review' in its place, none
 * while their report awaits review (RV-13). ED-10: in view however long the report, its buttons
 * on one line even 320 px wide.
 */
import { Button, Flex, HStack, Text } from '@chakra-ui/react'
import type { Id } from '../../../contract'
import type { Report, ReportSections } from '../../services/api/model'
import type { DraftSummary } from './editor/draftSummary'
import { hotkeyProps } from '../../shared/hotkeys'
import { ReportHistory } from './history/ReportHistory'
import { SaveStatus } from './editor/SaveStatus'
import type { SignAction } from './review/useReview'

export function ReportActions({
  draft,
  report,
  finalizing,
  orderId,
  isFinal,
  saveDisabled,
  finalizeDisabled,
  sign = 'finalize',
  onSave,
  onFinalize,
  onRestore,
}: {
  /** The clinician's draft when the editor shows it, for the save status. */
  draft: DraftSummary | undefined
  report: Report | null
  finalizing: boolean
  orderId: Id
  isFinal: boolean
  saveDisabled: boolean
  finalizeDisabled: boolean
  /** Which signing button the viewer has (a trainee's sends for review). */
  sign?: SignAction
  onSave: () => void
  onFinalize: () => void
  /** RH-2: an earlier revision's text comes back. */
  onRestore: (sections: Partial<ReportSections>) => void
}) {
  return (
    <Flex
      align="center"
      columnGap="3"
      rowGap="1"
      wrap="wrap"
      position="sticky"
      bottom="0"
      zIndex="1"
      py="1"
      bg="bg.subtle"
    >
      <SaveStatus draft={draft} report={report} />
      {finalizing && (
        <Text fontSize="sm" color="fg.muted">
          Finalizing…
        </Text>
      )}
      <HStack gap="2" ms="auto" flexShrink={0}>
        <ReportHistory orderId={orderId} isFinal={isFinal} onRestore={onRestore} />
        <Button
          variant="outline"
          size="sm"
          {...hotkeyProps('save', 'Save')}
          disabled={saveDisabled}
          onClick={onSave}
        >
          Save
        </Button>
        {sign !== 'none' && (
          <Button
            colorPalette="brand"
            size="sm"
            {...hotkeyProps('finalize', sign === 'review' ? 'Send for review' : 'Finalize')}
            disabled={finalizeDisabled}
            onClick={onFinalize}
          >
            {sign === 'review' ? 'Send for review' : 'Finalize'}
          </Button>
        )}
      </HStack>
    </Flex>
  )
}
