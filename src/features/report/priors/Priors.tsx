/**
 * PR-2, PR-3: the patient's other studies beside the report, newest first, each with
 * its date, modality, description and signed impression, and 'Use as comparison', which writes
 * "<description>, <date>." into the COMPARISON section: the clinician's own change, saved at once,
 * with 'Undo comparison' to take it back in one click while the section still reads as written.
 */
import { Alert, Box, Button, HStack, Stack, Text } from '@chakra-ui/react'
import { useId, useState } from 'react'
import { startingSections } from '../editor/startingText'
import { useAppDispatch, useAppSelector } from '../../../app/hooks'
import type { Order, PriorStudy } from '../../../services/api/model'
import { useListPriorsQuery } from '../../../services/api/priorsApi'
import {
  comparisonLine,
  comparisonUndone,
  priorDate,
  selectComparisonUse,
  withComparison,
} from './comparisonSlice'
import { showsDraft } from '../editor/draftSummary'
import { draftSections, EMPTY_SECTIONS } from '../editor/reconcile'
import {
  priorUsedAsComparison,
  saveRequested,
  sectionsRestored,
  selectReportDraft,
  serverReportOf,
} from '../editor/reportSlice'

export const USE_AS_COMPARISON = 'Use as comparison'
export const UNDO_COMPARISON = 'Undo comparison'

function PriorItem({
  prior,
  onUse,
}: {
  prior: PriorStudy
  /** Absent: the report takes no changes now (signed, or another clinician reads the study). */
  onUse: (() => void) | undefined
}) {
  return (
    <Box as="li" listStyleType="none" py="1.5" borderTopWidth="1px" borderColor="border.muted">
      <HStack justify="space-between" align="start" gap="2">
        <Box minW="0">
          <Text fontSize="sm" truncate>
            {prior.study_description}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            {[priorDate(prior), prior.modality, prior.accession_number].filter(Boolean).join(' · ')}
          </Text>
        </Box>
        {onUse && (
          <Button size="xs" variant="outline" flexShrink={0} onClick={onUse}>
            {USE_AS_COMPARISON}
          </Button>
        )}
      </HStack>
      <Text fontSize="xs" color={prior.impression ? 'fg' : 'fg.muted'} lineClamp={2}>
        {prior.impression ? `Impression: ${prior.impression}` : 'No signed impression.'}
      </Text>
    </Box>
  )
}

export function Priors({ order, readOnly }: { order: Order; readOnly: boolean }) {
  const orderId = order.id
  const dispatch = useAppDispatch()
  const { data: priors, isError } = useListPriorsQuery(orderId)
  const isFinal = order.report?.is_final ?? false
  // The Comparison section only, as text: a keystroke elsewhere in the report leaves it as it
  // was, so the list and its buttons do not render again at every keystroke.
  const comparison = useAppSelector((state) => {
    const draft = selectReportDraft(state, orderId)
    return showsDraft(draft, isFinal)
      ? draftSections(draft).comparison
      : (order.report?.sections ?? EMPTY_SECTIONS).comparison
  })
  const use = useAppSelector((state) => selectComparisonUse(state, orderId))
  const [open, setOpen] = useState(true)
  const listId = useId()
  const writable = !readOnly && !isFinal
  const server = serverReportOf(order.report, startingSections(order))

  const writePrior = (prior: PriorStudy) => {
    const before = comparison
    const after = withComparison(before, comparisonLine(prior))
    if (after === before) return
    const description = prior.study_description
    dispatch(
      priorUsedAsComparison({ orderId, priorId: prior.id, description, before, after, server }),
    )
    dispatch(saveRequested({ orderId, trigger: 'manual' }))
  }
  const undo = (before: string) => {
    dispatch(sectionsRestored({ orderId, sections: { comparison: before }, cause: 'undo', server }))
    dispatch(comparisonUndone({ orderId }))
    dispatch(saveRequested({ orderId, trigger: 'manual' }))
  }

  if (isError) {
    return (
      <Text fontSize="xs" color="fg.muted">
        The patient&apos;s prior studies could not be loaded.
      </Text>
    )
  }
  if (!priors) return null
  return (
    <Box as="section" aria-label="Priors">
      <Button
        size="xs"
        variant="ghost"
        px="1"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => {
          setOpen(!open)
        }}
      >
        {open ? '▾' : '▸'} Priors ({priors.length})
      </Button>
      {open && (
        <Stack as="ul" id={listId} gap="0" maxH="12rem" overflowY="auto" pe="1">
          {priors.length === 0 && (
            <Text as="li" listStyleType="none" fontSize="xs" color="fg.muted" py="1">
              No prior studies for this patient.
            </Text>
          )}
          {priors.map((prior) => (
            <PriorItem
              key={prior.id}
              prior={prior}
              onUse={
                writable
                  ? () => {
                      writePrior(prior)
                    }
                  : undefined
              }
            />
          ))}
        </Stack>
      )}
      {use && writable && comparison === use.after && (
        <Alert.Root status="info" variant="subtle" size="sm" mt="2" alignItems="center">
          <Alert.Indicator />
          <Alert.Title fontWeight="normal" flex="1">
            Comparison written from the prior {use.description}.
          </Alert.Title>
          <Button
            size="xs"
            variant="outline"
            onClick={() => {
              undo(use.before)
            }}
          >
            {UNDO_COMPARISON}
          </Button>
        </Alert.Root>
      )}
    </Box>
  )
}
