/**
 * HK-13, HK-14: '?' opens 'Keyboard shortcuts', every shortcut of the study view with its keys,
 * read from the one key map (src/shared/hotkeys.ts); Escape closes it.
 */
import { Kbd, Table } from '@chakra-ui/react'
import { PanelDialog } from '../components/ui'
import { HOTKEYS } from '../shared/hotkeys'

export const SHORTCUTS_TITLE = 'Keyboard shortcuts'

export function ShortcutsOverlay({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  return (
    <PanelDialog open={open} onOpenChange={onOpenChange} title={SHORTCUTS_TITLE}>
      <Table.Root size="sm" variant="line">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Keys</Table.ColumnHeader>
            <Table.ColumnHeader>Action</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {HOTKEYS.map((hotkey) => (
            <Table.Row key={hotkey.id}>
              <Table.Cell whiteSpace="nowrap">
                <Kbd>{hotkey.keys}</Kbd>
              </Table.Cell>
              <Table.Cell>{hotkey.action}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </PanelDialog>
  )
}
