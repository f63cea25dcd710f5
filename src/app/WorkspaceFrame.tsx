/**
 * The frame of the main workspace: the fixed left sidebar (WS-1, 24rem, sliding over 300 ms)
 * with the product title, and the header with the logout button. The worklist, the chat and the
 * report editor are placed into it by the next issues; until then it shows nothing else.
 */
import { Box, Flex, Heading, IconButton } from '@chakra-ui/react'
import { useState } from 'react'
import { LogoutButton } from '../features/auth'
import { useAppConfig } from './config'
import { SIDEBAR_TRANSITION_MS, SIDEBAR_WIDTH } from './constants'

function SidebarIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="18"
      height="18"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <path d="M9 4v16" />
    </svg>
  )
}

export function WorkspaceFrame() {
  const { productTitle } = useAppConfig()
  const [sidebarOpen, setSidebarOpen] = useState(true)
  const transition = `${SIDEBAR_TRANSITION_MS}ms ease`

  return (
    <Box minH="100dvh" bg="bg">
      <Box
        as="aside"
        id="sidebar"
        aria-label="Sidebar"
        position="fixed"
        insetY="0"
        left="0"
        width={SIDEBAR_WIDTH}
        bg="bg.subtle"
        borderRightWidth="1px"
        borderColor="border"
        transform={sidebarOpen ? 'translateX(0)' : 'translateX(-100%)'}
        transition={`transform ${transition}`}
        visibility={sidebarOpen ? 'visible' : 'hidden'}
        data-state={sidebarOpen ? 'open' : 'closed'}
      >
        <Box px="4" py="3" borderBottomWidth="1px" borderColor="border">
          <Heading as="h2" size="md">
            {productTitle}
          </Heading>
        </Box>
      </Box>
      <Flex
        direction="column"
        minH="100dvh"
        marginLeft={sidebarOpen ? SIDEBAR_WIDTH : '0'}
        transition={`margin-left ${transition}`}
      >
        <Flex
          as="header"
          align="center"
          gap="3"
          px="4"
          py="2"
          borderBottomWidth="1px"
          borderColor="border"
          bg="bg.subtle"
        >
          <IconButton
            aria-label="Toggle sidebar"
            aria-controls="sidebar"
            aria-expanded={sidebarOpen}
            variant="ghost"
            size="sm"
            onClick={() => {
              setSidebarOpen((open) => !open)
            }}
          >
            <SidebarIcon />
          </IconButton>
          <Box flex="1" />
          <LogoutButton />
        </Flex>
        <Box as="main" flex="1" />
      </Flex>
    </Box>
  )
}
