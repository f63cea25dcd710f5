/**
 * A stand-in DICOMweb archive on loopback for the failure cases a real one rarely shows on cue:
 * it answers QIDO-RS study searches as a test says (a study list, several studies, nothing), or
 * holds the request unanswered (a slow archive). Every request is recorded.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export interface ArchiveRequest {
  path: string
  query: URLSearchParams
  accept: string | undefined
}

export type ArchiveAnswer =
  | { status: number; body?: unknown }
  /** Never answered (until the archive closes). */
  | 'hang'

export interface FakeArchive {
  url: string
  requests: ArchiveRequest[]
  /** How the archive answers a search for `accession`; unknown accessions get an empty list. */
  answer: (accession: string) => ArchiveAnswer
  close(): Promise<void>
}

/** A QIDO-RS study entry naming `uid` (tag 0020000D) and its accession (0008,0050), DICOM JSON. */
export const studyEntry = (uid: string, accession?: string) => ({
  '0020000D': { vr: 'UI', Value: [uid] },
  ...(accession === undefined ? {} : { '00080050': { vr: 'SH', Value: [accession] } }),
})

export async function startFakeArchive(): Promise<FakeArchive> {
  const held = new Set<http.ServerResponse>()
  const archive: FakeArchive = {
    url: '',
    requests: [],
    answer: () => ({ status: 200, body: [] }),
    close: async () => {
      for (const res of held) res.destroy()
      server.closeAllConnections()
      await new Promise<void>((resolve) =>
        server.close(() => {
          resolve()
        }),
      )
    },
  }
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://archive')
    archive.requests.push({
      path: url.pathname,
      query: url.searchParams,
      accept: req.headers.accept,
    })
    const answer = archive.answer(url.searchParams.get('AccessionNumber') ?? '')
    if (answer === 'hang') {
      held.add(res)
      return
    }
    res.writeHead(answer.status, { 'content-type': 'application/dicom+json' })
    res.end(answer.body === undefined ? '' : JSON.stringify(answer.body))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  archive.url = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}/dicom-web`
  return archive
}

/** An address nothing listens on: a port the system gave and took back. */
export async function closedPort(): Promise<number> {
  const server = http.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) =>
    server.close(() => {
      resolve()
    }),
  )
  return port
}
