/**
 * Links to a study's images in a PACS viewer (VIEWER_URL_TEMPLATE). The template names the study
 * by `{study_uid}` (its DICOM Study Instance UID), `{accession}`, and/or `{orthanc_series}` (the
 * id Orthanc gave the study's first series, which Orthanc's Web Viewer opens by: INT-97), each
 * URL-encoded when filled in; an order whose template cannot be filled (no UID yet, or no series
 * id looked up yet) has no link. The order JSON is built by the database without it, since the
 * template is the server's setting, not data: every answer that carries orders passes them
 * through `orderLinks` on its way out, which reads archive ids only from memory (never the
 * archive itself: server/integration/orthancSeries.ts looks them up when a study is opened).
 */
import type { Order } from '../../contract'
import type { OrderLinks } from '../domain/studies'

const PLACEHOLDER = /\{(study_uid|accession|orthanc_series)\}/g
const ARCHIVE_PLACEHOLDER = /\{orthanc_series\}/

export type ViewerTemplateCheck = { ok: true; template: string } | { ok: false; message: string }

/** Whether `raw` can be a viewer template: an http(s) URL once its placeholders are filled. */
export function checkViewerTemplate(raw: string): ViewerTemplateCheck {
  const unknown = /\{(?!study_uid\}|accession\}|orthanc_series\})[^}]*\}/.exec(raw)
  if (unknown) {
    return {
      ok: false,
      message: `has an unknown placeholder ${unknown[0]}; only {study_uid}, {accession} and {orthanc_series} are filled in`,
    }
  }
  let url: URL
  try {
    url = new URL(raw.replace(PLACEHOLDER, 'x'))
  } catch {
    return {
      ok: false,
      message:
        'must be an http(s) URL, e.g. https://pacs.example/ohif/viewer?StudyInstanceUIDs={study_uid}',
    }
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, message: `must be an http(s) URL, not ${url.protocol}` }
  }
  return { ok: true, template: raw }
}

/** Whether `template` names a study by an id only the archive knows (ORTHANC_URL, INT-97). */
export function templateNeedsArchive(template: string): boolean {
  return ARCHIVE_PLACEHOLDER.test(template)
}

/** The ids the archive gave a study, as far as they were looked up (memory only, INT-97). */
export interface ArchiveIds {
  /** Orthanc's id of the study's first series, or undefined when not known (yet). */
  orthancSeries(studyUid: string): string | undefined
}

/** What fills the template: an order's UID and accession. */
type Study = Pick<Order, 'accession_number' | 'study_instance_uid'>

/** The viewer's address of `study` by `template`, or null when a placeholder has no value. */
export function viewerUrl(template: string, study: Study, archive?: ArchiveIds): string | null {
  const uid = study.study_instance_uid
  const values: Record<string, string | null | undefined> = {
    study_uid: uid,
    accession: study.accession_number,
    orthanc_series: uid ? archive?.orthancSeries(uid) : undefined,
  }
  const value = (name: string) => values[name] ?? ''
  const names = [...template.matchAll(PLACEHOLDER)].map((match) => match[1] ?? '')
  if (names.some((name) => value(name) === '')) return null
  return template.replace(PLACEHOLDER, (_match, name: string) => encodeURIComponent(value(name)))
}

/** Adds an order's `viewer_url` (or none, without a template). */
export function orderLinks(template: string | undefined, archive?: ArchiveIds): OrderLinks {
  if (template === undefined) return (order) => order
  return (order) => ({ ...order, viewer_url: viewerUrl(template, order, archive) })
}
