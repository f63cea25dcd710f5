/**
 * MAC-5, MAC-6: the clinician's own macros. 'Macros' lists them by name; choosing one puts its text
 * where the cursor was. 'Add or remove macros…' opens the list with a Remove button each and a
 * form for a new one (its name is what is typed before Tab in the report).
 */
import { Button, Field, HStack, Input, Menu, Portal, Stack, Text, Textarea } from '@chakra-ui/react'
import { useState } from 'react'
import { PanelDialog } from '../../../components/ui'
import { MACRO_LIMITS, MACRO_NAME_PATTERN } from '../../../../contract'
import { isApiError } from '../../../services/api/baseApi'
import { textProblem } from '../../../shared/honestText'
import type { Macro } from '../../../services/api/model'
import { useCreateMacroMutation, useDeleteMacroMutation } from '../../../services/api/libraryApi'

const MANAGE = '__manage'

export function MacrosMenu({
  macros,
  disabled,
  onInsert,
}: {
  macros: readonly Macro[]
  disabled: boolean
  onInsert: (text: string) => void
}) {
  const [managing, setManaging] = useState(false)
  return (
    <>
      <Menu.Root
        onSelect={({ value }) => {
          if (value === MANAGE) setManaging(true)
          const macro = macros.find((item) => item.id === value)
          if (macro) onInsert(macro.text)
        }}
      >
        <Menu.Trigger asChild>
          <Button variant="ghost" size="sm" px="2.5" disabled={disabled}>
            Macros
          </Button>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content minW="14rem" maxW="22rem">
              {macros.length === 0 && (
                <Text px="2" py="1" fontSize="sm" color="fg.muted">
                  No macros yet
                </Text>
              )}
              {macros.map((macro) => (
                <Menu.Item key={macro.id} value={macro.id}>
                  <Stack gap="0" minW="0">
                    <Text fontSize="sm">{macro.name}</Text>
                    <Text fontSize="xs" color="fg.muted" truncate>
                      {macro.text}
                    </Text>
                  </Stack>
                </Menu.Item>
              ))}
              <Menu.Separator />
              <Menu.Item value={MANAGE}>Add or remove macros…</Menu.Item>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      <ManageMacros
        open={managing}
        macros={macros}
        onClose={() => {
          setManaging(false)
        }}
      />
    </>
  )
}

/** What keeps a new macro from being added, or null. */
function problemOf(name: string, text: string, macros: readonly Macro[]): string | null {
  const trimmed = name.trim()
  if (trimmed === '' || text.trim() === '') return 'A macro needs a name and a text.'
  if (trimmed.length > MACRO_LIMITS.nameChars || !MACRO_NAME_PATTERN.test(trimmed))
    return `A name is up to ${String(MACRO_LIMITS.nameChars)} letters, digits, spaces and dashes.`
  if (text.trim().length > MACRO_LIMITS.textChars)
    return `A text is up to ${String(MACRO_LIMITS.textChars)} characters.`
  const hidden = textProblem('The text', text)
  if (hidden) return hidden
  if (macros.some((macro) => macro.name.toLowerCase() === trimmed.toLowerCase()))
    return `You already have a macro named '${trimmed}'.`
  return null
}

function ManageMacros({
  open,
  macros,
  onClose,
}: {
  open: boolean
  macros: readonly Macro[]
  onClose: () => void
}) {
  const [name, setName] = useState('')
  const [text, setText] = useState('')
  const [shown, setShown] = useState<string | null>(null)
  const [create, created] = useCreateMacroMutation()
  const [remove] = useDeleteMacroMutation()

  const add = async () => {
    const problem = problemOf(name, text, macros)
    setShown(problem)
    if (problem) return
    try {
      await create({ name: name.trim(), text: text.trim() }).unwrap()
      setName('')
      setText('')
    } catch (error) {
      // A name taken meanwhile (another tab added it): the server's 409 says so.
      setShown(
        isApiError(error) && error.status === 409
          ? `You already have a macro named '${name.trim()}'.`
          : 'The macro could not be saved. Try again.',
      )
    }
  }

  return (
    <PanelDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose()
      }}
      title="Macros"
    >
      <Stack gap="4">
        <Stack gap="1" role="list" aria-label="Your macros">
          {macros.length === 0 && (
            <Text fontSize="sm" color="fg.muted">
              No macros yet. Type a macro’s name in the report, then Tab.
            </Text>
          )}
          {macros.map((macro) => (
            <HStack key={macro.id} role="listitem" gap="2" align="start">
              <Stack gap="0" flex="1" minW="0">
                <Text fontSize="sm" fontFamily="mono">
                  {macro.name}
                </Text>
                <Text fontSize="xs" color="fg.muted" truncate>
                  {macro.text}
                </Text>
              </Stack>
              <Button
                size="xs"
                variant="ghost"
                aria-label={`Remove macro ${macro.name}`}
                onClick={() => {
                  void remove(macro.id)
                }}
              >
                Remove
              </Button>
            </HStack>
          ))}
        </Stack>
        <Stack
          gap="2"
          as="form"
          onSubmit={(event) => {
            event.preventDefault()
            void add()
          }}
        >
          <Field.Root>
            <Field.Label>Name</Field.Label>
            <Input
              size="sm"
              value={name}
              maxLength={MACRO_LIMITS.nameChars}
              onChange={(event) => {
                setName(event.target.value)
              }}
            />
          </Field.Root>
          <Field.Root>
            <Field.Label>Text</Field.Label>
            <Textarea
              size="sm"
              rows={4}
              fontFamily="mono"
              value={text}
              onChange={(event) => {
                setText(event.target.value)
              }}
            />
          </Field.Root>
          {shown && (
            <Text fontSize="sm" color="fg.error" role="alert">
              {shown}
            </Text>
          )}
          <HStack justify="end">
            <Button size="sm" colorPalette="brand" type="submit" loading={created.isLoading}>
              Add macro
            </Button>
          </HStack>
        </Stack>
      </Stack>
    </PanelDialog>
  )
}
