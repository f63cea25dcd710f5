/**
 * A stand-in DICOMweb archive on loopback for the failure cases a real one rarely shows on cue:
 * it answers QIDO-RS study searches as a test says (a study list, several studies, nothing), or
 * holds the request unanswered (a slow archive), or redirects elsewhere (INT-98). `route` answers
 * any other request (Orthanc's REST API, INT-97). Every request is recorded, with its body.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export interface ArchiveRequest {
  method: string
  path: string
  query: URLSearchParams
  accept: string | undefined
  body: string
}

export type ArchiveAnswer =
  | { status: number; body?: unknown; headers?: Record<string, string> }
  /** Never answered (until the archive closes). */
  | 'hang'

export interface FakeArchive {
  /** The DICOMweb root (DICOMWEB_URL). */
  url: string
  /** The server's root (ORTHANC_URL). */
  base: string
  requests: ArchiveRequest[]
  /** How the archive answers a search for `accession`; unknown accessions get an empty list. */
  answer: (accession: string) => ArchiveAnswer
  /** How a request outside DICOMweb is answered (undefined: 404). */
  route: (request: ArchiveRequest) => ArchiveAnswer | undefined
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
    base: '',
    requests: [],
    answer: () => ({ status: 200, body: [] }),
    route: () => undefined,
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
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://archive')
      const request: ArchiveRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        accept: req.headers.accept,
        body: Buffer.concat(chunks).toString('utf8'),
      }
      archive.requests.push(request)
      const answer = url.pathname.startsWith('/dicom-web/')
        ? archive.answer(url.searchParams.get('AccessionNumber') ?? '')
        : (archive.route(request) ?? { status: 404 })
      if (answer === 'hang') {
        held.add(res)
        return
      }
      res.writeHead(answer.status, {
        'content-type': 'application/dicom+json',
        ...answer.headers,
      })
      res.end(answer.body === undefined ? '' : JSON.stringify(answer.body))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  archive.base = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`
  archive.url = `${archive.base}/dicom-web`
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
