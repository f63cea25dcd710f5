/**
 * RH-1, RH-2: the report's history, newest first. Each revision says who wrote it (a clinician by
 * name, or the assistant), when, why, and which sections changed, with a word-level difference
 * from the revision before it. While the report is not final, 'Restore' brings an earlier
 * revision's text back into the editor and saves it as a new revision (cause 'restore'): history
 * is only ever added to. The list itself (RevisionList.tsx) loads when the dialog first opens.
 */
import { Button, Text } from '@chakra-ui/react'
import { PanelDialog } from '../../../components/ui'
import { Suspense, useState } from 'react'
import type { ReportSections } from '../../../services/api/model'
import { lazyComponent } from '../../../shared/lazy'

export const REPORT_HISTORY = 'Report history'

/** The list loads when the dialog first opens, fetched ahead with the editor's parts (lazyParts). */
export const RevisionList = lazyComponent(() =>
  import('./RevisionList').then((module) => module.RevisionList),
)

export function ReportHistory({
  orderId,
  isFinal,
  onRestore,
}: {
  orderId: string
  isFinal: boolean
  onRestore: (sections: ReportSections) => void
}) {
  const [open, setOpen] = useState(false)
  return (
    <PanelDialog
      open={open}
      onOpenChange={setOpen}
      title={REPORT_HISTORY}
      size="lg"
      trigger={
        // 'History' on screen, beside Save and Finalize in a narrow editor (ED-10); named in full.
        <Button variant="ghost" size="sm" aria-label={REPORT_HISTORY} title={REPORT_HISTORY}>
          History
        </Button>
      }
    >
      {open && (
        <Suspense fallback={<Text color="fg.muted">Loading the history…</Text>}>
          <RevisionList
            orderId={orderId}
            isFinal={isFinal}
            onRestore={(revision) => {
              onRestore(revision.sections)
              setOpen(false)
            }}
          />
        </Suspense>
      )}
    </PanelDialog>
  )
}
