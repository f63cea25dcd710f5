/**
 * The editor's reporting tools (TPL-4, MAC-5): 'Insert template', 'Macros', and after a template
 * went in, what says so with its Undo (TPL-5): each section still holding the template's text gets
 * its earlier text back; a section typed in since keeps the clinician's words.
 */
import { Button, HStack, Text } from '@chakra-ui/react'
import { useState, type ReactNode } from 'react'
import type { Macro, Order, ReportSections } from '../../../services/api/model'
import type { ReportPoint } from '../editor/dictatedText'
import { MacrosMenu } from './MacrosMenu'
import { undoInsertion } from '../editor/reportFields'
import { TemplatePicker } from './TemplatePicker'
import type { ReportAreas } from '../editor/useReportAreas'

/**
 * Dictation into the report, when the app has it (VC-1): its microphone, given where the
 * clinician's cursor is when it is clicked, and where it writes next (null: it does not).
 */
export interface ReportDictation {
  mic: (cursor: () => ReportPoint | null) => ReactNode
  point: ReportPoint | null
}

interface Insertion {
  name: string
  before: ReportSections
  after: ReportSections
}

export function ReportTools({
  order,
  readOnly,
  areas,
  macros,
}: {
  order: Order
  readOnly: boolean
  areas: ReportAreas
  macros: readonly Macro[]
}) {
  const [inserted, setInserted] = useState<Insertion | null>(null)
  return (
    <>
      <HStack gap="1">
        <TemplatePicker
          order={order}
          disabled={readOnly}
          currentSections={areas.sections}
          untouched={areas.start}
          onInsert={(sections, name) => {
            const before = areas.sections()
            areas.writeSections(sections)
            setInserted({ name, before, after: areas.sections() })
            return areas.selectFirstField() ?? areas.refs.report.current
          }}
        />
        <MacrosMenu macros={macros} disabled={readOnly} onInsert={areas.insertAtCursor} />
      </HStack>
      {inserted && !readOnly && (
        <HStack
          gap="3"
          px="3"
          py="1.5"
          borderWidth="1px"
          borderColor="border.emphasized"
          borderRadius="md"
          fontSize="sm"
          role="status"
        >
          <Text flex="1">Inserted ‘{inserted.name}’.</Text>
          <Button
            size="xs"
            variant="outline"
            onClick={() => {
              areas.writeSections(undoInsertion(areas.sections(), inserted.before, inserted.after))
              setInserted(null)
            }}
          >
            Undo template
          </Button>
        </HStack>
      )}
    </>
  )
}
