/**
 * UA-1: every change the assistant makes to the report can be seen and undone in one click.
 *
 * The report's history (GET .../report/revisions, newest first) says what the last write was.
 * While it is the assistant's and the report on screen is exactly what it wrote, the editor marks
 * the sections it changed and offers 'Undo assistant change', which writes back the text those
 * sections had in the revision before: a new revision (cause 'undo'), never a rewrite of history.
 * A backend without a history shows no notice (the read failing is logged like any other).
 */
import { Alert, Badge, Button } from '@chakra-ui/react'
import type { ReportSectionKey } from '../../../../contract'
import type { Report, ReportSections } from '../../../services/api/model'
import { useListReportRevisionsQuery } from '../../../services/api/reportApi'
import { useHotkeyCommand } from '../../../shared/hotkeyCommands'
import { hotkeyProps } from '../../../shared/hotkeys'
import { EMPTY_SECTIONS, sectionsEqual } from './reconcile'
import { sectionNames } from './sectionText'

export const UNDO_ASSISTANT_CHANGE = 'Undo assistant change'

export interface AssistantChange {
  /** The sections the assistant's last write changed. */
  sections: ReportSectionKey[]
  /** Their text just before it. */
  before: Partial<ReportSections>
}

/** The assistant's change now on screen, or null: the report is final, or someone wrote since. */
export function useAssistantChange(orderId: string, report: Report | null): AssistantChange | null {
  const live = report !== null && !report.is_final
  const { data: revisions } = useListReportRevisionsQuery(orderId, { skip: !live })
  const [newest, previous] = revisions ?? []
  if (!live || newest?.cause !== 'assistant') return null
  // A history read before the report's last write does not describe what is on screen.
  if (!sectionsEqual(newest.sections, report.sections)) return null
  const sections = newest.sections_changed
  if (sections.length === 0) return null
  const earlier = previous?.sections ?? EMPTY_SECTIONS
  return {
    sections,
    before: Object.fromEntries(sections.map((key) => [key, earlier[key]])),
  }
}

export function AssistantChangeNotice({
  change,
  busy,
  onUndo,
}: {
  change: AssistantChange
  /** A save is under way: the undo waits for it. */
  busy: boolean
  onUndo: () => void
}) {
  const names = sectionNames(change.sections)
  // HK-7: Alt+U is this button while the notice shows it enabled.
  useHotkeyCommand('undoAssistantChange', busy ? null : onUndo)
  return (
    <Alert.Root status="info" variant="subtle" alignItems="center" role="status">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>The assistant changed the {names}.</Alert.Title>
        <Alert.Description>
          The text {change.sections.length === 1 ? 'it' : 'they'} had before is one click away.
        </Alert.Description>
      </Alert.Content>
      <Button
        size="sm"
        variant="outline"
        {...hotkeyProps('undoAssistantChange', UNDO_ASSISTANT_CHANGE)}
        disabled={busy}
        onClick={onUndo}
      >
        {UNDO_ASSISTANT_CHANGE}
      </Button>
    </Alert.Root>
  )
}

/** The mark beside a text area whose sections the assistant changed. */
export function ChangedMark({ sections }: { sections: readonly ReportSectionKey[] }) {
  if (sections.length === 0) return null
  return (
    <Badge size="xs" variant="subtle" colorPalette="purple" ms="2">
      Changed by the assistant: {sectionNames(sections)}
    </Badge>
  )
}
