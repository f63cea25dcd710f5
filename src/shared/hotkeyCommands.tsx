/**
 * What a shortcut does is what its button does: the component that shows the button hands the
 * button's own click handler to the workspace's shortcuts (`useHotkeyCommand`) while the button is
 * there and enabled, and the global listener (src/app/HotkeyListener.tsx) calls it. So a shortcut
 * dispatches exactly the button's actions, and a shortcut whose button is absent or disabled does
 * nothing. The handlers live here, outside the store, which holds data only.
 */
import { createContext, useContext, useEffect, useRef, type ReactNode } from 'react'
import type { HotkeyId } from './hotkeys'

export type HotkeyCommand = () => void

export interface HotkeyCommands {
  register: (id: HotkeyId, command: HotkeyCommand) => () => void
  /** The command of the button on screen now, if any. */
  commandOf: (id: HotkeyId) => HotkeyCommand | undefined
}

export function createHotkeyCommands(): HotkeyCommands {
  // The latest registration wins; an unmounting button removes only its own.
  const commands = new Map<HotkeyId, HotkeyCommand[]>()
  return {
    register(id, command) {
      const list = commands.get(id) ?? []
      commands.set(id, [...list, command])
      return () => {
        commands.set(
          id,
          (commands.get(id) ?? []).filter((registered) => registered !== command),
        )
      }
    },
    commandOf: (id) => commands.get(id)?.at(-1),
  }
}

const HotkeyCommandsContext = createContext<HotkeyCommands | null>(null)

export function HotkeyCommandsProvider({
  commands,
  children,
}: {
  commands: HotkeyCommands
  children: ReactNode
}) {
  return <HotkeyCommandsContext value={commands}>{children}</HotkeyCommandsContext>
}

/**
 * Offers `command` (the button's click handler; null while the button is disabled or absent) to
 * the shortcut `id`. Outside the workspace's provider nothing is offered.
 */
export function useHotkeyCommand(id: HotkeyId, command: HotkeyCommand | null): void {
  const commands = useContext(HotkeyCommandsContext)
  const latest = useRef(command)
  useEffect(() => {
    latest.current = command
  })
  const offered = command !== null
  useEffect(() => {
    if (!commands || !offered) return
    return commands.register(id, () => latest.current?.())
  }, [commands, id, offered])
}
