/**
 * The microphone's tooltip, loaded only when it is needed (dictation unavailable): Chakra's
 * Tooltip brings its positioning engine (about 13 KB gzip), which the initial chunk cannot
 * afford for a message most servers never show.
 */
import { Portal, Tooltip } from '@chakra-ui/react'
import type { ReactElement } from 'react'

export interface MicTooltipProps {
  content: string
  children: ReactElement
}

export function MicTooltip({ content, children }: MicTooltipProps) {
  return (
    <Tooltip.Root openDelay={250} closeDelay={50} positioning={{ placement: 'top' }}>
      <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content>{content}</Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  )
}
