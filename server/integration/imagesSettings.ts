/**
 * The images' settings (INT-34..INT-38, INT-97), read with the rest of the environment by
 * ../config.ts; docs/settings.md lists them: the PACS viewer's link, the DICOMweb archive the
 * study UIDs come from, and the Orthanc archive a viewer's own ids come from.
 */
import { z } from 'zod'
import { checkViewerTemplate, templateNeedsArchive } from './viewerLinks'

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()))

/** Reads an http(s) service address, without its trailing slashes. */
const serviceUrl =
  (example: string) =>
  (value: string | undefined, ctx: z.RefinementCtx): string | undefined => {
    if (value === undefined) return undefined
    if (/^https?:\/\/[^/]/.test(value) && URL.canParse(value)) return value.replace(/\/+$/, '')
    ctx.addIssue({ code: 'custom', message: `must be the http(s) address of ${example}` })
    return z.NEVER
  }

/** How an archive is asked: where, for how long, and how long a miss is remembered. */
export interface ArchiveConfig {
  url: string
  timeoutMs: number
  missMs: number
}

export interface ImagesConfig {
  /** VIEWER_URL_TEMPLATE: an order's `viewer_url`, from `{study_uid}`, `{accession}`, `{orthanc_series}`. */
  viewerUrlTemplate: string | undefined
  /** DICOMWEB_URL and its limits: study UIDs looked up by accession (QIDO-RS). */
  dicomweb: ArchiveConfig | undefined
  /** ORTHANC_URL and the same limits: a study's Orthanc series id, for `{orthanc_series}`. */
  orthanc: ArchiveConfig | undefined
}

export const imagesEnv = {
  VIEWER_URL_TEMPLATE: optionalText.transform((value, ctx) => {
    if (value === undefined) return undefined
    const checked = checkViewerTemplate(value)
    if (checked.ok) return checked.template
    ctx.addIssue({ code: 'custom', message: checked.message })
    return z.NEVER
  }),
  DICOMWEB_URL: optionalText.transform(
    serviceUrl('a DICOMweb service, e.g. http://pacs:8042/dicom-web'),
  ),
  ORTHANC_URL: optionalText.transform(serviceUrl("Orthanc's REST API, e.g. http://pacs:8042")),
  DICOMWEB_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(2_000),
  DICOMWEB_MISS_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
}

type ImagesEnv = { [K in keyof typeof imagesEnv]: z.output<(typeof imagesEnv)[K]> }

export function imagesConfig(e: ImagesEnv): ImagesConfig {
  const template = e.VIEWER_URL_TEMPLATE
  // INT-97: a link that needs the archive's own id cannot be made without the archive.
  if (template !== undefined && templateNeedsArchive(template) && e.ORTHANC_URL === undefined) {
    throw new Error(
      'Invalid configuration: VIEWER_URL_TEMPLATE: names {orthanc_series}, which is looked up in the archive: set ORTHANC_URL',
    )
  }
  const limits = { timeoutMs: e.DICOMWEB_TIMEOUT_MS, missMs: e.DICOMWEB_MISS_SECONDS * 1000 }
  return {
    viewerUrlTemplate: template,
    dicomweb: e.DICOMWEB_URL ? { url: e.DICOMWEB_URL, ...limits } : undefined,
    orthanc: e.ORTHANC_URL ? { url: e.ORTHANC_URL, ...limits } : undefined,
  }
}
