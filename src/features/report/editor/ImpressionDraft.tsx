/**
 * The impression draft's parts (IMP-10..IMP-14, useImpressionDraft.ts): the 'Draft impression'
 * button of the tools row, and below it the suggestion to accept, edit or discard, what went wrong
 * when there is none, and the Undo of an accepted draft.
 */
import { Button, Field, HStack, Stack, Text, Textarea } from '@chakra-ui/react'
import type { DraftNotice, ImpressionDraftFlow } from './useImpressionDraft'

export const DRAFT_IMPRESSION = 'Draft impression'

const NOTICES: Record<DraftNotice, string> = {
  unavailable: 'Drafting an impression is not available on this server.',
  failed: 'The impression could not be drafted just now. Try again, or write it yourself.',
  nothing: 'Nothing positive in the Findings to draft an impression from.',
}

const SOURCES = {
  llm: 'Drafted by the language model from your Findings only. Check every line before accepting.',
  local: 'Your positive Findings sentences, in your words.',
} as const

export function DraftImpressionButton({
  flow,
  readOnly,
}: {
  flow: ImpressionDraftFlow
  readOnly: boolean
}) {
  return (
    <Button
      size="sm"
      variant="ghost"
      px="2.5"
      loading={flow.asking}
      disabled={readOnly || flow.findingsBlank || flow.unavailable}
      title={flow.findingsBlank ? 'Write the Findings first' : undefined}
      onClick={flow.ask}
    >
      {DRAFT_IMPRESSION}
    </Button>
  )
}

const frame = {
  px: '3',
  py: '1.5',
  borderWidth: '1px',
  borderColor: 'border.emphasized',
  borderRadius: 'md',
  fontSize: 'sm',
} as const

export function ImpressionDraftPanel({
  flow,
  readOnly,
}: {
  flow: ImpressionDraftFlow
  readOnly: boolean
}) {
  const { suggestion, notice } = flow
  return (
    <>
      {notice && (
        <Text fontSize="sm" color={notice === 'failed' ? 'fg.error' : 'fg.muted'} role="status">
          {NOTICES[notice]}
        </Text>
      )}
      {suggestion && (
        <Stack {...frame} py="2" gap="2" role="region" aria-label="Impression draft">
          <Text fontWeight="medium">Impression draft</Text>
          {suggestion.source && (
            <Text color="fg.muted" fontSize="xs">
              {SOURCES[suggestion.source]}
            </Text>
          )}
          <Field.Root>
            <Field.Label>Draft</Field.Label>
            <Textarea
              fontFamily="mono"
              fontSize="sm"
              rows={4}
              value={suggestion.text}
              onChange={(event) => {
                flow.edit(event.target.value)
              }}
            />
          </Field.Root>
          <HStack gap="2" justify="flex-end">
            <Button size="xs" variant="ghost" onClick={flow.discard}>
              Discard
            </Button>
            <Button
              size="xs"
              colorPalette="brand"
              disabled={readOnly || suggestion.text.trim() === ''}
              onClick={flow.accept}
            >
              Accept
            </Button>
          </HStack>
        </Stack>
      )}
      {flow.accepted && !readOnly && (
        <HStack {...frame} gap="3" role="status">
          <Text flex="1">Impression draft accepted.</Text>
          <Button size="xs" variant="outline" onClick={flow.undo}>
            Undo impression draft
          </Button>
        </HStack>
      )}
    </>
  )
}
