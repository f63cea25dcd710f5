/**
 * A collapsible sidebar section (WS-2, WS-3): its header is a button with `aria-expanded` that
 * opens and closes the panel below it. Sections start open. A section shrinks to the room the
 * sidebar has, its list scrolling inside, so the one below stays in view (WL-11). A collapsed panel is unmounted, so a
 * closed 10,000-row list costs nothing.
 */
import { Badge, Box, chakra, Flex, Heading } from '@chakra-ui/react'
import { useId, useState, type ReactNode } from 'react'
import { LineIcon } from '../../../components/ui'

function Chevron({ open }: { open: boolean }) {
  return (
    <LineIcon
      style={{ transform: open ? 'rotate(90deg)' : 'none', transition: 'transform 150ms ease' }}
    >
      <path d="M9 6l6 6-6 6" />
    </LineIcon>
  )
}

export interface SidebarSectionProps {
  title: string
  /** Shown next to the title once known; the list itself tells screen readers its size. */
  count?: number
  /** The most of the sidebar's height the section takes (a CSS length); its list scrolls inside. */
  maxHeight?: string
  children: ReactNode
}

export function SidebarSection({ title, count, maxHeight, children }: SidebarSectionProps) {
  const [open, setOpen] = useState(true)
  const panelId = useId()
  return (
    // A column that may shrink: its list scrolls inside rather than pushing the next section away.
    <Box
      as="section"
      borderBottomWidth="1px"
      borderColor="border"
      display="flex"
      flexDirection="column"
      flex="0 1 auto"
      minHeight="0"
      maxHeight={maxHeight}
    >
      <Heading as="h3" size="sm">
        <chakra.button
          type="button"
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          onClick={() => {
            setOpen((current) => !current)
          }}
          display="flex"
          alignItems="center"
          gap="2"
          width="100%"
          px="3"
          py="2"
          fontWeight="semibold"
          color="fg"
          bg="bg.subtle"
          _hover={{ bg: 'bg.muted' }}
          _focusVisible={{
            outline: '2px solid',
            outlineColor: 'brand.focusRing',
            outlineOffset: '-2px',
          }}
        >
          <Chevron open={open} />
          <span>{title}</span>
          <Flex flex="1" />
          {count !== undefined && (
            <Badge aria-hidden="true" variant="subtle" size="sm" color="fg.muted">
              {count}
            </Badge>
          )}
        </chakra.button>
      </Heading>
      {open && (
        <Box id={panelId} display="flex" flexDirection="column" flex="0 1 auto" minHeight="0">
          {children}
        </Box>
      )}
    </Box>
  )
}
