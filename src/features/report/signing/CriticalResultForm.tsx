/**
 * Critical results (CR-14..CR-18): inside the Finalize dialog, who was told of a critical
 * finding, how, when and whether they read it back. Recorded at once (201); the record is shown
 * and the signature may go on. Each record already made is shown the same way. CR-24: the
 * placeholders are examples ('e.g. …'), never mistaken for an answer, and while 'Record
 * communication' is disabled a line under it says which fields it waits for.
 */
import { Button, Field, Input, NativeSelect, Stack, Text } from '@chakra-ui/react'
import { CheckboxField } from '../../../components/ui'
import { useId, useState, type RefObject } from 'react'
import type { CommunicationMethod, Id } from '../../../../contract'
import { useRecordCommunicationMutation } from '../../../services/api/communicationsApi'
import type { Communication } from '../../../services/api/model'
import {
  communicatedAtProblem,
  communicationRefusal,
  missingForRecord,
} from './communicationRefusal'
import { nameProblem } from '../../../shared/honestText'
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

function TextField({
  label,
  value,
  maxLength,
  placeholder,
  inputRef,
  onChange,
}: {
  label: string
  value: string
  maxLength: number
  placeholder: string
  inputRef?: RefObject<HTMLInputElement | null> | undefined
  onChange: (value: string) => void
}) {
  // SEC-38: what the signed text will read must read as it holds.
  const problem = nameProblem(label, value)
  return (
    <Field.Root required invalid={problem !== null}>
      <Field.Label>{label}</Field.Label>
      <Input
        ref={inputRef}
        size="sm"
        value={value}
        maxLength={maxLength}
        placeholder={placeholder}
        onChange={(event) => {
          onChange(event.target.value)
        }}
      />
      {problem && <Field.ErrorText>{problem}</Field.ErrorText>}
    </Field.Root>
  )
}

interface CriticalResultFormProps {
  orderId: Id
  communications: Communication[]
  /** No communication is known while the report states a critical finding. */
  required: boolean
  /** SG-3: the first field, where the Finalize dialog puts the focus while it waits for it. */
  firstFieldRef?: RefObject<HTMLInputElement | null>
}

export function CriticalResultForm({
  orderId,
  communications,
  required,
  firstFieldRef,
}: CriticalResultFormProps) {
  const [recipient, setRecipient] = useState('')
  const [role, setRole] = useState('')
  const [method, setMethod] = useState<CommunicationMethod>('phone')
  const [at, setAt] = useState(() => localInputValue(new Date()))
  const [readBack, setReadBack] = useState(false)
  const [record, { isLoading, error, reset }] = useRecordCommunicationMutation()
  const when = new Date(at)
  const timeProblem = communicatedAtProblem(when, new Date())
  const hidden = nameProblem('Recipient', recipient) ?? nameProblem('Role', role)
  const missing = missingForRecord({ recipient, role, timeProblem })
  const refusal = error ? communicationRefusal(error) : null
  const missingId = useId()

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
          <TextField
            label="Recipient"
            value={recipient}
            maxLength={200}
            placeholder="e.g. Dr Jane Smith"
            inputRef={firstFieldRef}
            onChange={setRecipient}
          />
          <TextField
            label="Role"
            value={role}
            maxLength={100}
            placeholder="e.g. ED attending"
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
            disabled={missing !== null || hidden !== null}
            aria-describedby={missing === null ? undefined : missingId}
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
          {missing !== null && (
            <Text id={missingId} fontSize="sm" color="fg.muted">
              {missing}
            </Text>
          )}
        </>
      )}
    </Stack>
  )
}
