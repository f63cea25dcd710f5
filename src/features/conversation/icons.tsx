/** The chat's line icons, drawn inline so they follow `currentColor` and need no icon package. */
import { LineIcon } from '../../components/ui'

export function ThumbUpIcon() {
  return (
    <LineIcon>
      <path d="M7 10v11" />
      <path d="M15 5.9 14 10h5.8a2 2 0 0 1 2 2.4l-1.4 7A2 2 0 0 1 18.4 21H7V10l4.3-7.4A2 2 0 0 1 15 5.9Z" />
    </LineIcon>
  )
}

export function ThumbDownIcon() {
  return (
    <LineIcon>
      <path d="M17 14V3" />
      <path d="M9 18.1 10 14H4.2a2 2 0 0 1-2-2.4l1.4-7A2 2 0 0 1 5.6 3H17v11l-4.3 7.4A2 2 0 0 1 9 18.1Z" />
    </LineIcon>
  )
}

export function SendIcon() {
  return (
    <LineIcon size={18}>
      <path d="M22 2 11 13" />
      <path d="M22 2 15 22l-4-9-9-4Z" />
    </LineIcon>
  )
}

export function ArrowDownIcon() {
  return (
    <LineIcon>
      <path d="M12 5v14" />
      <path d="m19 12-7 7-7-7" />
    </LineIcon>
  )
}
