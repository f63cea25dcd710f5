/**
 * FU-28: a follow-up's fields, opened in place in the Finalize dialog: 'Modality', 'Body part',
 * 'Due from', 'Due to' (calendar dates) and 'Reason'. Each change is kept at once (the label above
 * follows it); what is missing or out of order is said under its field, and 'Done' closes the
 * fields only once nothing is.
 */
import { Button, Field, Input, SimpleGrid, Stack } from '@chakra-ui/react'
import { useEffect, useRef, type ReactNode } from 'react'
import { FOLLOW_UP_LIMITS } from '../../../../contract/outcomesConstants'
import type { FollowUpFields } from '../../../services/api/read/followUps'
import { followUpProblems } from './followUpProblems'

interface FollowUpFieldsFormProps {
  item: FollowUpFields
  /** Put the focus on 'Modality' as the fields open. */
  focusFirst: boolean
  onChange: (fields: Partial<FollowUpFields>) => void
  onDone: () => void
}

function Labelled({
  label,
  error,
  required = false,
  children,
}: {
  label: string
  error: string | undefined
  required?: boolean
  children: ReactNode
}) {
  return (
    <Field.Root invalid={error !== undefined} required={required}>
      <Field.Label fontSize="xs">{label}</Field.Label>
      {children}
      {error !== undefined && <Field.ErrorText fontSize="xs">{error}</Field.ErrorText>}
    </Field.Root>
  )
}

export function FollowUpFieldsForm({
  item,
  focusFirst,
  onChange,
  onDone,
}: FollowUpFieldsFormProps) {
  const first = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (focusFirst) first.current?.focus()
  }, [focusFirst])
  const problems = followUpProblems(item)
  const text = (key: keyof FollowUpFields) => ({
    value: item[key],
    onChange: (event: { target: { value: string } }) => {
      onChange({ [key]: event.target.value })
    },
  })

  return (
    <Stack gap="2" mt="2" ps="6">
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="2">
        <Labelled label="Modality" error={problems.modality} required>
          <Input
            ref={first}
            size="sm"
            maxLength={FOLLOW_UP_LIMITS.modalityChars}
            {...text('modality')}
          />
        </Labelled>
        <Labelled label="Body part" error={problems.body_part} required>
          <Input size="sm" maxLength={FOLLOW_UP_LIMITS.bodyPartChars} {...text('body_part')} />
        </Labelled>
        <Labelled label="Due from" error={problems.due_from} required>
          <Input size="sm" type="date" {...text('due_from')} />
        </Labelled>
        <Labelled label="Due to" error={problems.due_to} required>
          <Input size="sm" type="date" {...text('due_to')} />
        </Labelled>
      </SimpleGrid>
      <Labelled label="Reason" error={undefined}>
        <Input size="sm" maxLength={FOLLOW_UP_LIMITS.reasonChars} {...text('reason')} />
      </Labelled>
      <Button size="xs" variant="outline" alignSelf="start" onClick={onDone}>
        Done
      </Button>
    </Stack>
  )
}
