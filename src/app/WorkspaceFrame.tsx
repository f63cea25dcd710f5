/**
 * The main workspace (WS-1..WS-11), composed from the features, which never import each other:
 * - left, fixed: the orders feature's sidebar (WS-1..7), opened and closed from the header;
 * - header: 'Toggle sidebar', the open study's patient (WS-8), 'Toggle report editor' once a
 *   study is open (WS-9, reading 'Report', ED-3), who is signed in (WS-14) with their roles
 *   (RL-16), 'Admin' for an admin, and 'Log out';
 * - centre: 'Select a patient or study to begin' (WS-10) or the study's chat (StudyChat), into
 *   which the app puts the dictation feature's microphone button and hint, and whether it
 *   records (CH-8); the workspace itself follows no dictation state;
 * - right half: the report editor when toggled on (WS-11), as it is when a study opens unless the
 *   clinician closed it (ED-1, ED-2);
 * - the keyboard shortcuts (HK-1..16): the buttons offer their clicks
 *   (src/shared/hotkeyCommands.tsx) and one listener (HotkeyListener.tsx) presses them;
 * - 'NAME is reading this study. Take over?' when the open study is another clinician's (CLM-7).
 * The open study is in the address (useStudyAddress.ts, URL-1..3); whether the editor shows is
 * the browser's remembered choice (src/sagas/layoutPreferencesSaga.ts).
 * The main area keeps the sidebar's width free while it is open, so nothing hides under it.
 * The chat and the report editor load on first use, fetched ahead once the browser is idle after
 * the workspace has appeared (src/shared/lazy.tsx); until they are there their area stays empty.
 */
import { Box, Button, Center, Flex, IconButton, Text, VisuallyHidden } from '@chakra-ui/react'
import { Suspense, useEffect, useState } from 'react'
import { LogoutButton, SignedInUser } from '../features/auth'
import {
  letGoOfOpenStudy,
  PatientHeader,
  selectSelectedOrderId,
  Sidebar,
  SIDEBAR_ID,
  TakeOverDialog,
} from '../features/orders'
import { LineIcon } from '../components/ui'
import { SIDEBAR_TRANSITION_MS, SIDEBAR_WIDTH } from '../shared/constants'
import {
  createHotkeyCommands,
  HotkeyCommandsProvider,
  useHotkeyCommand,
} from '../shared/hotkeyCommands'
import { hotkeyProps } from '../shared/hotkeys'
import { lazyComponent, prefetchWhenIdle } from '../shared/lazy'
import { HotkeyListener } from './HotkeyListener'
import { useAppDispatch, useAppSelector } from './hooks'
import {
  reportEditorToggled,
  selectReportEditorOpen,
  selectSidebarOpen,
  sidebarToggled,
} from '../shared/layoutSlice'
import { useStudyAddress } from './useStudyAddress'
import { HEADER_BAR } from './headerBar'
import { ViewLinks } from './ViewLinks'

const StudyChat = lazyComponent(() => import('./StudyChat').then((module) => module.StudyChat))
const StudyReport = lazyComponent(() =>
  import('./StudyReport').then((module) => module.StudyReport),
)

export const NOTHING_SELECTED = 'Select a patient or study to begin'
const REPORT_PANEL_ID = 'report-panel'
const CHAT_HEADING_ID = 'chat-heading'

function SidebarIcon() {
  return (
    <LineIcon size={18}>
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <path d="M9 4v16" />
    </LineIcon>
  )
}

function ReportIcon() {
  return (
    <LineIcon size={18}>
      <path d="M7 3h7l5 5v13H7z" />
      <path d="M14 3v5h5M10 13h6M10 17h6" />
    </LineIcon>
  )
}

export function WorkspaceFrame() {
  const dispatch = useAppDispatch()
  const sidebarOpen = useAppSelector(selectSidebarOpen)
  const reportEditorOpen = useAppSelector(selectReportEditorOpen)
  const orderId = useAppSelector(selectSelectedOrderId)
  const transition = `${String(SIDEBAR_TRANSITION_MS)}ms ease`
  useStudyAddress()
  useEffect(() => prefetchWhenIdle(StudyChat, StudyReport), [])
  const [hotkeys] = useState(createHotkeyCommands)

  return (
    <HotkeyCommandsProvider commands={hotkeys}>
      <Box minH="100dvh" bg="bg">
        {/* The header keeps its width for the patient and the study (WS-8); the ways to the other
            views sit under the product's title. */}
        <Sidebar open={sidebarOpen} views={<ViewLinks current="/" />} />
        <Flex
          direction="column"
          height="100dvh"
          marginLeft={sidebarOpen ? SIDEBAR_WIDTH : '0'}
          transition={`margin-left ${transition}`}
        >
          <Flex {...HEADER_BAR}>
            <IconButton
              aria-label="Toggle sidebar"
              aria-controls={SIDEBAR_ID}
              aria-expanded={sidebarOpen}
              variant="ghost"
              size="sm"
              onClick={() => dispatch(sidebarToggled())}
            >
              <SidebarIcon />
            </IconButton>
            <Box flex="1" minWidth="0">
              {/* Keyed by study: each study opened reads the clock again for the age. */}
              <PatientHeader key={orderId ?? 'none'} orderId={orderId} />
            </Box>
            {orderId !== null && <ReportEditorToggle open={reportEditorOpen} />}
            <SignedInUser />
            <LogoutButton beforeSignOut={() => dispatch(letGoOfOpenStudy())} />
          </Flex>
          <Flex as="main" flex="1" minHeight="0">
            {orderId === null ? (
              <Center flex="1" px="6">
                <Text color="fg.muted" fontSize="lg">
                  {NOTHING_SELECTED}
                </Text>
              </Center>
            ) : (
              <>
                <Box
                  as="section"
                  aria-labelledby={CHAT_HEADING_ID}
                  flex="1"
                  minWidth="0"
                  minHeight="0"
                >
                  {/* The outline under the header's h1: the chat's own headings are h3. */}
                  <VisuallyHidden asChild>
                    <h2 id={CHAT_HEADING_ID}>Conversation</h2>
                  </VisuallyHidden>
                  <Suspense fallback={null}>
                    <StudyChat orderId={orderId} />
                  </Suspense>
                </Box>
                {reportEditorOpen && (
                  <Box
                    id={REPORT_PANEL_ID}
                    as="section"
                    aria-label="Report editor"
                    width="50%"
                    flexShrink={0}
                    minHeight="0"
                    overflowY="auto"
                    borderLeftWidth="1px"
                    borderColor="border"
                    bg="bg.subtle"
                  >
                    <Suspense fallback={null}>
                      <StudyReport orderId={orderId} />
                    </Suspense>
                  </Box>
                )}
              </>
            )}
          </Flex>
        </Flex>
        <TakeOverDialog />
      </Box>
      <HotkeyListener commands={hotkeys} orderId={orderId} />
    </HotkeyCommandsProvider>
  )
}

/**
 * WS-9, ED-3: 'Toggle report editor' (Alt+R), with 'Report' written beside its icon so the
 * clinician sees what it shows; its accessible name stays the one the header has always had.
 */
function ReportEditorToggle({ open }: { open: boolean }) {
  const dispatch = useAppDispatch()
  const toggle = () => dispatch(reportEditorToggled())
  useHotkeyCommand('reportEditor', toggle)
  return (
    <Button
      aria-label="Toggle report editor"
      {...hotkeyProps('reportEditor', 'Show or hide the report editor')}
      // Only while the panel exists: a reference to a missing element is invalid.
      aria-controls={open ? REPORT_PANEL_ID : undefined}
      aria-pressed={open}
      variant={open ? 'subtle' : 'ghost'}
      colorPalette={open ? 'brand' : undefined}
      size="sm"
      onClick={toggle}
    >
      <ReportIcon />
      Report
    </Button>
  )
}
