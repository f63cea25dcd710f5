/**
 * Critical results (issue 18, CR-14..CR-18): inside the Finalize dialog, who was told of a
 * critical finding, how, when and whether they read it back. Recorded at once (201); the record
 * is shown and the signature may go on. Each record already made is shown the same way.
 */
import { Button, Field, Input, NativeSelect, Stack, Text } from '@chakra-ui/react'
import { CheckboxField } from '../../components/ui'
import { useState } from 'react'
import type { CommunicationMethod, Id } from '../../../contract'
import { useRecordCommunicationMutation } from '../../services/api/communicationsApi'
import type { Communication } from '../../services/api/model'
import { communicatedAtProblem, communicationRefusal } from './communicationRefusal'
import { sentenceOf } from './SignedCommunications'

const METHODS: [CommunicationMethod, string][] = [
  ['phone', 'Phone'],
  ['in_person', 'In person'],
  ['secure_message', 'Secure message'],
]

/** `<input type="datetime-local">`'s value for an instant, in the browser's zone, to the minute. */
function localInputValue(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${String(at.getFullYear())}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`
}

function TextField(props: {
  label: string
  value: string
  maxLength: number
  placeholder?: string
  onChange: (value: string) => void
}) {
  return (
    <Field.Root required>
      <Field.Label>{props.label}</Field.Label>
      <Input
        size="sm"
        value={props.value}
        maxLength={props.maxLength}
        placeholder={props.placeholder}
        onChange={(event) => {
          props.onChange(event.target.value)
        }}
      />
    </Field.Root>
  )
}

interface CriticalResultFormProps {
  orderId: Id
  communications: Communication[]
  /** No communication is known while the report states a critical finding. */
  required: boolean
}

export function CriticalResultForm({ orderId, communications, required }: CriticalResultFormProps) {
  const [recipient, setRecipient] = useState('')
  const [role, setRole] = useState('')
  const [method, setMethod] = useState<CommunicationMethod>('phone')
  const [at, setAt] = useState(() => localInputValue(new Date()))
  const [readBack, setReadBack] = useState(false)
  const [record, { isLoading, error, reset }] = useRecordCommunicationMutation()
  const when = new Date(at)
  const timeProblem = communicatedAtProblem(when, new Date())
  const complete = recipient.trim() !== '' && role.trim() !== '' && timeProblem === null
  const refusal = error ? communicationRefusal(error) : null

  return (
    <Stack
      gap="2"
      borderWidth="1px"
      borderColor={required ? 'border.error' : 'border'}
      borderRadius="md"
      p="3"
      role="group"
      aria-label="Critical result communication"
    >
      <Text fontWeight="semibold" fontSize="sm">
        Critical result communication
      </Text>
      {communications.map((told) => (
        <Text key={told.id} fontSize="sm" role="status">
          {sentenceOf(told)}
        </Text>
      ))}
      {required && (
        <>
          <Text fontSize="sm" color="fg.muted">
            The report states a critical finding. Record who was told of it before finalizing.
          </Text>
          <TextField label="Recipient" value={recipient} maxLength={200} onChange={setRecipient} />
          <TextField
            label="Role"
            value={role}
            maxLength={100}
            placeholder="Referring physician"
            onChange={setRole}
          />
          <Field.Root>
            <Field.Label>Method</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field
                value={method}
                onChange={(event) => {
                  const chosen = METHODS.find(([value]) => value === event.target.value)
                  if (chosen) setMethod(chosen[0])
                }}
              >
                {METHODS.map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root required invalid={timeProblem !== null}>
            <Field.Label>Communicated at</Field.Label>
            <Input
              size="sm"
              type="datetime-local"
              value={at}
              onChange={(event) => {
                setAt(event.target.value)
              }}
            />
            {timeProblem && <Field.ErrorText>{timeProblem}</Field.ErrorText>}
          </Field.Root>
          <CheckboxField label="Read back" checked={readBack} onChange={setReadBack} />
          {refusal && (
            <Text fontSize="sm" color="fg.error" role="alert">
              The communication was not recorded: {refusal}
            </Text>
          )}
          <Button
            size="sm"
            alignSelf="flex-start"
            disabled={!complete}
            loading={isLoading}
            onClick={() => {
              reset()
              void record({
                orderId,
                communication: {
                  recipient: recipient.trim(),
                  role: role.trim(),
                  method,
                  communicated_at: when.toISOString(),
                  read_back: readBack,
                },
              })
            }}
          >
            Record communication
          </Button>
        </>
      )}
    </Stack>
  )
}
