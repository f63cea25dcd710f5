/**
 * FU-25..FU-29: the follow-up recommendations the pre-sign check found, in the Finalize dialog,
 * for the signer to confirm or correct before the signature. Each is a checkbox, checked, labelled
 * with its exam and window ('CT chest, due 2027-02-13 to 2027-04-13'), its reason and sentence
 * beneath; 'Edit' opens its fields in place, 'Add follow-up' adds an empty one to fill. The
 * checked ones go with the signature (./signingSlice.ts `confirmedFollowUps`).
 * Keyboard: 'Edit' and 'Add follow-up' put the focus on the Modality field; 'Done' back on 'Edit'.
 */
import { Box, Button, Fieldset, HStack, List, Stack, Text } from '@chakra-ui/react'
import { useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import type { Id } from '../../../../contract'
import { FOLLOW_UP_LIMITS } from '../../../../contract/outcomesConstants'
import { useAppDispatch } from '../../../app/hooks'
import { CheckboxField } from '../../../components/ui'
import { FollowUpFieldsForm } from './FollowUpFieldsForm'
import { followUpLabel, hasProblems } from './followUpProblems'
import { followUpAdded, followUpEdited, followUpToggled, type FollowUpChoice } from './signingSlice'

export const FOLLOW_UPS_LEGEND = 'Follow-up recommendations'
export const NO_FOLLOW_UPS = 'No follow-up recommendations found.'

export function FollowUpChoices({ orderId, items }: { orderId: Id; items: FollowUpChoice[] }) {
  const dispatch = useAppDispatch()
  /** The item whose fields are open, and whether the focus should go to its first field. */
  const [editing, setEditing] = useState<{ index: number; focus: boolean } | null>(null)
  const editButtons = useRef(new Map<number, HTMLButtonElement>())

  return (
    <Fieldset.Root>
      <Fieldset.Legend fontSize="sm" fontWeight="semibold" color="fg">
        {FOLLOW_UPS_LEGEND}
      </Fieldset.Legend>
      <Stack gap="2" mt="1">
        {items.length === 0 && (
          <Text fontSize="sm" color="fg.muted">
            {NO_FOLLOW_UPS}
          </Text>
        )}
        {items.length > 0 && (
          <List.Root gap="2" listStyle="none" ms="0">
            {items.map((item, index) => (
              <List.Item key={index}>
                <HStack justify="space-between" align="start" gap="2">
                  <Box>
                    <CheckboxField
                      label={followUpLabel(item)}
                      checked={item.checked}
                      onChange={(checked) => {
                        dispatch(followUpToggled({ orderId, index, checked }))
                      }}
                    />
                    {(item.reason !== '' || item.text !== '') && (
                      <Box ps="6" fontSize="xs" color="fg.muted">
                        {item.reason !== '' && <Text>{item.reason}</Text>}
                        {item.text !== '' && <Text fontStyle="italic">“{item.text}”</Text>}
                      </Box>
                    )}
                  </Box>
                  {editing?.index !== index && (
                    <Button
                      ref={(button) => {
                        if (button) editButtons.current.set(index, button)
                        else editButtons.current.delete(index)
                      }}
                      size="xs"
                      variant="outline"
                      onClick={() => {
                        setEditing({ index, focus: true })
                      }}
                    >
                      Edit
                    </Button>
                  )}
                </HStack>
                {editing?.index === index && (
                  <FollowUpFieldsForm
                    item={item}
                    focusFirst={editing.focus}
                    onChange={(fields) => {
                      dispatch(followUpEdited({ orderId, index, fields }))
                    }}
                    onDone={() => {
                      if (hasProblems(item)) return
                      // The 'Edit' button is back before the focus goes to it.
                      flushSync(() => {
                        setEditing(null)
                      })
                      editButtons.current.get(index)?.focus()
                    }}
                  />
                )}
              </List.Item>
            ))}
          </List.Root>
        )}
        {items.length < FOLLOW_UP_LIMITS.perReport && (
          <Button
            size="xs"
            variant="outline"
            alignSelf="start"
            onClick={() => {
              dispatch(followUpAdded({ orderId }))
              setEditing({ index: items.length, focus: true })
            }}
          >
            Add follow-up
          </Button>
        )}
      </Stack>
    </Fieldset.Root>
  )
}
