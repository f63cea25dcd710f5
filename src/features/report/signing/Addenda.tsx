/**
 * A signed report is never edited, only appended to. Under the signed text: its addenda,
 * numbered, each with its author and time, never changed; and a box to write the next one,
 * signed after a confirmation that says it cannot be undone. The box keeps its text when the
 * signing fails, and says why.
 */
import { Alert, Box, Button, Field, Flex, Stack, Text, Textarea } from '@chakra-ui/react'
import { useState, type ReactNode } from 'react'
import { useAppDispatch, useAppSelector } from '../../../app/hooks'
import type { Addendum } from '../../../services/api/model'
import { isApiError } from '../../../services/api/baseApi'
import { useAddReportAddendumMutation } from '../../../services/api/reportApi'
import { ConfirmDialog } from '../../../components/ui'
import { formatClockTime } from '../../../shared/clockTime'
import { addendumEdited, selectAddendumDraft } from './addendumSlice'
import { typedText } from '../../../shared/typedText'

export const ADDENDUM_QUESTION =
  'Sign this addendum? It becomes part of the signed report and cannot be undone.'

function AddendumItem({ addendum, number }: { addendum: Addendum; number: number }) {
  const byline = [
    addendum.author?.name,
    addendum.created_at && formatClockTime(addendum.created_at),
  ]
    .filter(Boolean)
    .join(' at ')
  return (
    <Box as="li" borderLeftWidth="2px" borderColor="border.emphasized" pl="3" py="1">
      <Text fontSize="xs" color="fg.muted" fontWeight="semibold">
        Addendum {number}
        {byline && ` · ${byline}`}
      </Text>
      <Text fontFamily="mono" fontSize="sm" whiteSpace="pre-wrap">
        {addendum.text}
      </Text>
    </Box>
  )
}

export function Addenda({
  orderId,
  addenda,
  micButton,
  dictating = false,
}: {
  orderId: string
  addenda: readonly Addendum[]
  /** The dictation feature's microphone for this box (AD-2), put in by the app. */
  micButton?: ReactNode
  /** Dictation writes the box: typing would be overwritten, and signing would sign a moving text. */
  dictating?: boolean
}) {
  const dispatch = useAppDispatch()
  const text = useAppSelector((state) => selectAddendumDraft(state, orderId))
  const setText = (next: string) => {
    dispatch(addendumEdited({ orderId, text: typedText(next) }))
  }
  const [asking, setAsking] = useState(false)
  const [addAddendum, { isLoading, error, reset }] = useAddReportAddendumMutation()
  const blank = text.trim() === ''

  const sign = async () => {
    setAsking(false)
    try {
      // A signed addendum leaves the box (the addendum slice hears the answer).
      await addAddendum({ orderId, text: text.trim() }).unwrap()
      reset()
    } catch {
      // Shown below from the mutation's error; the text stays in the box.
    }
  }

  return (
    <Stack gap="2">
      {addenda.length > 0 && (
        <Stack as="ol" gap="2" aria-label="Addenda" listStyleType="none">
          {addenda.map((addendum, index) => (
            <AddendumItem key={addendum.id} addendum={addendum} number={index + 1} />
          ))}
        </Stack>
      )}
      <Field.Root>
        <Field.Label>Addendum</Field.Label>
        <Textarea
          value={text}
          // F4 (src/shared/hotkeys.ts) dictates into the box that has the focus.
          data-dictation-target="addendum"
          readOnly={dictating}
          onChange={(event) => {
            setText(event.target.value)
          }}
          rows={3}
          resize="vertical"
          fontFamily="mono"
          fontSize="sm"
          bg="bg"
        />
      </Field.Root>
      {error && (
        <Alert.Root status="error" variant="subtle">
          <Alert.Indicator />
          <Alert.Title>
            The addendum was not signed:{' '}
            {isApiError(error) ? error.message : 'the server could not be reached.'}
          </Alert.Title>
        </Alert.Root>
      )}
      <Flex justify="flex-end" align="center" gap="2">
        {micButton}
        <Button
          size="sm"
          colorPalette="brand"
          disabled={blank || isLoading || dictating}
          onClick={() => {
            setAsking(true)
          }}
        >
          Sign addendum
        </Button>
      </Flex>
      <ConfirmDialog
        open={asking}
        title="Sign addendum"
        question={ADDENDUM_QUESTION}
        confirmLabel="Sign"
        onCancel={() => {
          setAsking(false)
        }}
        onConfirm={() => {
          void sign()
        }}
      />
    </Stack>
  )
}
