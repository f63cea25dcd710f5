/**
 * The microphone button of the chat input ('Start dictation' / 'Stop dictation'), of the addendum
 * box ('Dictate addendum') and of the report editor ('Dictate report', VC-1).
 *
 * - DC-2: red while recording; blue with a pulsing ring once the dictated text has 50 words
 *   (the pulse stops for people who ask for reduced motion; the colour stays).
 * - DC-4: disabled until dictation is initialized for the study, while a message of the study is
 *   being sent (the slice follows the send mutation), and while the recording is stopped and
 *   cleaned up, with a spinner.
 * - Unavailable (no speech configuration on the server, or initialization failed): disabled,
 *   and the reason is the tooltip (loaded on demand, see MicTooltip) and the button's
 *   accessible description. A disabled button receives no pointer events, so the tooltip
 *   listens on a wrapper around it. The tooltip is made only once the pointer first comes onto
 *   the wrapper (it opens as the pointer moves on there): a tooltip in the page follows every
 *   key pressed anywhere in it (the focus-visible tracking of Chakra's machines), which a
 *   clinician typing a report next to an unavailable microphone would pay at every keystroke.
 */
import { Box, IconButton, Spinner, VisuallyHidden } from '@chakra-ui/react'
import { lazy, Suspense, useId, useState } from 'react'
import { hotkeyProps } from '../../shared/hotkeys'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { LineIcon, MicIcon } from '../../components/ui'
import { selectDictation, startRequested, stopRequested } from './dictationSlice'
import type { DictationPoint, DictationTarget } from './dictationTypes'
import { micButtonView, type MicButtonState } from './selectors'

export interface MicButtonProps {
  orderId: string
  /** Where its words go: the chat input (the default), the addendum box (AD-2) or the report. */
  target?: DictationTarget
  /** The report's cursor at the click, where dictation into the report starts (VC-1). */
  at?: () => DictationPoint | null
}

/** Colour palette per look; also written to `data-color-palette` so tests can read it. */
const PALETTE: Readonly<Record<MicButtonState, string>> = {
  idle: 'gray',
  waiting: 'gray',
  unavailable: 'gray',
  busy: 'gray',
  recording: 'red',
  threshold: 'blue',
}

const MicTooltip = lazy(() =>
  import('./MicTooltip').then((module) => ({ default: module.MicTooltip })),
)

function StopIcon() {
  return (
    <LineIcon>
      <rect x="6" y="6" width="12" height="12" rx="2" fill="currentColor" stroke="none" />
    </LineIcon>
  )
}

export function MicButton({ orderId, target = 'chat', at }: MicButtonProps) {
  const dispatch = useAppDispatch()
  const dictation = useAppSelector(selectDictation)
  const view = micButtonView(dictation, orderId, target)
  const descriptionId = useId()
  const palette = PALETTE[view.state]
  const active = view.state === 'recording' || view.state === 'threshold'
  const explained = view.state === 'unavailable' && view.reason !== null
  const [pointerCame, setPointerCame] = useState(false)

  const onClick = () => {
    const point = view.stops ? null : (at?.() ?? null)
    dispatch(
      view.stops
        ? stopRequested({ orderId })
        : startRequested({ orderId, target, ...(point ? { at: point } : {}) }),
    )
  }

  const button = (
    <Box
      as="span"
      display="inline-flex"
      position="relative"
      flexShrink={0}
      cursor={view.disabled ? 'not-allowed' : undefined}
      onPointerEnter={
        explained && !pointerCame
          ? () => {
              setPointerCame(true)
            }
          : undefined
      }
    >
      <IconButton
        aria-label={view.label}
        // HK-5: F4 presses it; the reason it is disabled, when there is one, is its tooltip.
        {...(view.reason ? {} : hotkeyProps('dictation', view.label))}
        aria-describedby={view.reason ? descriptionId : undefined}
        aria-busy={view.state === 'busy' || undefined}
        disabled={view.disabled}
        onClick={onClick}
        data-state={view.state}
        data-color-palette={palette}
        colorPalette={palette}
        variant={active ? 'solid' : 'outline'}
        borderColor={active ? undefined : 'border.emphasized'}
        position="relative"
        // Pointer events go to the wrapper while disabled, where the tooltip listens.
        pointerEvents={view.disabled ? 'none' : undefined}
        _before={
          view.state === 'threshold'
            ? {
                content: '""',
                position: 'absolute',
                inset: '0',
                borderRadius: 'inherit',
                boxShadow: '0 0 0 3px {colors.blue.400}',
                animation: 'pulse',
                pointerEvents: 'none',
                _motionReduce: { animation: 'none' },
              }
            : undefined
        }
      >
        {view.state === 'busy' ? (
          <Spinner size="sm" color="fg.muted" />
        ) : active ? (
          <StopIcon />
        ) : (
          <MicIcon size={18} />
        )}
      </IconButton>
    </Box>
  )

  return (
    <>
      {explained && view.reason && pointerCame ? (
        <Suspense fallback={button}>
          <MicTooltip content={view.reason}>{button}</MicTooltip>
        </Suspense>
      ) : (
        button
      )}
      {view.reason ? <VisuallyHidden id={descriptionId}>{view.reason}</VisuallyHidden> : null}
    </>
  )
}
