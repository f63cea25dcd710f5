/**
 * 'Open images': the open study's images in the PACS viewer the backend names (`viewer_url`),
 * in a new tab that gets no handle on Readout's window (`noopener`) and no referrer
 * (`noreferrer`: the address of a study stays in Readout). Absent when the order has no link.
 */
import { Link } from '@chakra-ui/react'
import { LineIcon } from '../../../components/ui'

export function ImagesLink({ href }: { href: string | null | undefined }) {
  if (!href) return null
  return (
    <Link
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      fontSize="sm"
      color="brand.fg"
      flexShrink={0}
      whiteSpace="nowrap"
      alignSelf="center"
      display="inline-flex"
      alignItems="center"
      gap="1"
    >
      <LineIcon size={14}>
        <path d="M14 4h6v6" />
        <path d="M20 4l-9 9" />
        <path d="M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
      </LineIcon>
      Open images
    </Link>
  )
}
