/**
 * The frame of every line icon in the app: a 24-unit drawing stroked in the text colour
 * (`currentColor`), so an icon follows its button's colour and state, and hidden from screen
 * readers, since the control it sits in carries the accessible name. Drawn inline: no icon
 * package, nothing to download.
 */
import type { CSSProperties, ReactNode } from 'react'

export interface LineIconProps {
  children: ReactNode
  /** Width and height in pixels. */
  size?: number
  style?: CSSProperties
}

export function LineIcon({ children, size = 16, style }: LineIconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      style={style}
    >
      {children}
    </svg>
  )
}

/** A microphone: dictation's button and the mark on a dictated message. */
export function MicIcon({ size }: { size?: number }) {
  return (
    <LineIcon size={size}>
      <rect x="9" y="2" width="6" height="12" rx="3" />
      <path d="M5 10a7 7 0 0 0 14 0" />
      <path d="M12 17v5" />
    </LineIcon>
  )
}
