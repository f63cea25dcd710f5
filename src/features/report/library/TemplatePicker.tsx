/**
 * TPL-4: 'Insert template' opens the normal templates for the open study, its best match first and
 * focused, so Enter inserts it. Empty sections take the template's text at once. When sections
 * the template fills already hold text, the clinician chooses: replace that text, or add the
 * template below it. A study the library has nothing for is offered the whole library.
 */
import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react'
import { PanelDialog } from '../../../components/ui'
import { useEffect, useRef, useState } from 'react'
import type { Order, ReportSections, Template } from '../../../services/api/model'
import { useListTemplatesQuery } from '../../../services/api/libraryApi'
import { mergeTemplate, occupiedSections, type TemplateMerge } from '../editor/reportFields'
import { sectionNames } from '../editor/sectionText'
import { withoutUntouchedStart } from '../editor/startingText'

export const INSERT_TEMPLATE = 'Insert template'

export function TemplatePicker({
  order,
  disabled,
  currentSections,
  untouched,
  onInsert,
}: {
  order: Pick<Order, 'modality' | 'body_part' | 'study_description'>
  disabled: boolean
  currentSections: () => ReportSections
  /** ED-7: a new report's starting text, which a template replaces without asking. */
  untouched?: ReportSections | undefined
  /** The sections the template makes, and its name; answers where the focus goes then. */
  onInsert: (sections: ReportSections, name: string) => HTMLElement | null
}) {
  const [open, setOpen] = useState(false)
  const [pending, setPending] = useState<{ template: Template; occupied: string } | null>(null)
  const best = useRef<HTMLButtonElement>(null)
  const focusAfter = useRef<HTMLElement | null>(null)
  const matching = useListTemplatesQuery(
    {
      modality: order.modality,
      bodyPart: order.body_part,
      description: order.study_description,
    },
    { skip: !open },
  )
  const noMatch = matching.isSuccess && matching.data.length === 0
  const library = useListTemplatesQuery({}, { skip: !open || !noMatch })
  const templates = (noMatch ? library.data : matching.data) ?? []
  const failed = matching.isError || library.isError
  // The best match takes the focus as it arrives (the list loads after the dialog opens), so
  // Enter inserts it.
  const bestId = templates[0]?.id
  useEffect(() => {
    if (open && !pending && bestId !== undefined) best.current?.focus()
  }, [open, pending, bestId])

  const sectionsFor = (template: Template) =>
    withoutUntouchedStart(currentSections(), untouched, template.sections)
  const insert = (template: Template, merge: TemplateMerge) => {
    focusAfter.current = onInsert(
      mergeTemplate(sectionsFor(template), template.sections, merge),
      template.name,
    )
    setPending(null)
    setOpen(false)
  }
  const choose = (template: Template) => {
    const occupied = occupiedSections(sectionsFor(template), template.sections)
    if (occupied.length === 0) insert(template, 'replace')
    else setPending({ template, occupied: sectionNames(occupied) })
  }

  return (
    <PanelDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next)
        setPending(null)
        if (next) focusAfter.current = null
      }}
      title={INSERT_TEMPLATE}
      // After an insertion, the text area whose first field is selected; else the trigger.
      finalFocusEl={() => focusAfter.current}
      trigger={
        <Button variant="ghost" size="sm" px="2.5" disabled={disabled}>
          {INSERT_TEMPLATE}
        </Button>
      }
    >
      {pending ? (
        <Stack gap="3">
          <Text>
            {pending.occupied} already {pending.occupied.includes(' and ') ? 'hold' : 'holds'} text.
            Insert ‘{pending.template.name}’ how?
          </Text>
          <HStack gap="2" wrap="wrap">
            <Button
              size="sm"
              colorPalette="brand"
              onClick={() => {
                insert(pending.template, 'replace')
              }}
            >
              Replace their text
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={() => {
                insert(pending.template, 'append')
              }}
            >
              Add below
            </Button>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                setPending(null)
              }}
            >
              Back
            </Button>
          </HStack>
        </Stack>
      ) : (
        <Stack gap="1" role="list" aria-label="Templates">
          <Text fontSize="xs" color="fg.muted" pb="1">
            {noMatch
              ? `No template for ${order.modality} ${order.body_part}; the whole library:`
              : `For ${order.modality} ${order.body_part}, best match first`}
          </Text>
          {failed && <Text color="fg.error">The templates could not be loaded.</Text>}
          {!failed && templates.length === 0 && (
            <Text color="fg.muted">Loading the templates…</Text>
          )}
          {templates.map((template, index) => (
            <Box role="listitem" key={template.id}>
              <Button
                ref={index === 0 ? best : undefined}
                variant={index === 0 ? 'subtle' : 'ghost'}
                size="sm"
                w="full"
                justifyContent="space-between"
                fontWeight="normal"
                onClick={() => {
                  choose(template)
                }}
              >
                <Text truncate>{template.name}</Text>
                {index === 0 && !noMatch && (
                  <Badge size="sm" colorPalette="brand" variant="outline">
                    Best match
                  </Badge>
                )}
              </Button>
            </Box>
          ))}
        </Stack>
      )}
    </PanelDialog>
  )
}
