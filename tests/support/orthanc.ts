/**
 * A real archive for tests: Orthanc with its DICOMweb plugin and its Web Viewer, from Debian's
 * packages (`orthanc`, `orthanc-dicomweb`, `orthanc-webviewer`), started on loopback on a free
 * HTTP port with a configuration, index, storage and viewer cache of its own in a temporary
 * folder, and stopped with the test. DICOM files are made by DCMTK's `dump2dcm` (package
 * `dcmtk`): one Secondary Capture image each, 256 x 256 grey pixels (a bright ring around a
 * cross), so a viewer has something to draw; they are loaded over Orthanc's REST API
 * (`POST /instances`).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'

const ORTHANC = '/usr/sbin/Orthanc'
/** Where Debian's orthanc-dicomweb puts the plugin (the first is the packaged symlink). */
const DICOMWEB_PLUGINS = [
  '/usr/share/orthanc/plugins/libOrthancDicomWeb.so',
  '/usr/lib/orthanc/libOrthancDicomWeb.so',
]
/** Where Debian's orthanc-webviewer puts the Orthanc Web Viewer plugin. */
const WEB_VIEWER_PLUGINS = [
  '/usr/share/orthanc/plugins/libOrthancWebViewer.so',
  '/usr/lib/orthanc/libOrthancWebViewer.so',
]
const IMAGE_SIZE = 256

function onPath(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`]).status === 0
}

export interface OrthancTools {
  /** The DICOMweb plugin. */
  plugin: string | undefined
  /** The Orthanc Web Viewer plugin. */
  viewer: string | undefined
  /** The Debian packages that are missing (none: everything is there). */
  missing: string[]
}

export function findOrthancTools(): OrthancTools {
  const plugin = DICOMWEB_PLUGINS.find((candidate) => existsSync(candidate))
  const viewer = WEB_VIEWER_PLUGINS.find((candidate) => existsSync(candidate))
  const missing: string[] = []
  if (!existsSync(ORTHANC)) missing.push('orthanc')
  if (!plugin) missing.push('orthanc-dicomweb')
  if (!viewer) missing.push('orthanc-webviewer')
  if (!onPath('dump2dcm')) missing.push('dcmtk')
  return { plugin, viewer, missing }
}

/** The grey pixels of every test image: a bright ring and cross on a soft disc, black around. */
function phantom(): Buffer {
  const pixels = Buffer.alloc(IMAGE_SIZE * IMAGE_SIZE)
  const centre = IMAGE_SIZE / 2
  for (let y = 0; y < IMAGE_SIZE; y += 1) {
    for (let x = 0; x < IMAGE_SIZE; x += 1) {
      const r = Math.hypot(x - centre, y - centre)
      const cross =
        (Math.abs(x - centre) < 6 && Math.abs(y - centre) < 40) ||
        (Math.abs(y - centre) < 6 && Math.abs(x - centre) < 40)
      const disc = r > 110 ? 0 : Math.round(60 + 100 * (1 - r / 110))
      pixels[y * IMAGE_SIZE + x] = cross ? 255 : r > 90 && r < 100 ? 220 : disc
    }
  }
  return pixels
}

/** A loopback port nobody listens on right now. */
export async function freePort(): Promise<number> {
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

export interface RunningOrthanc {
  /** The REST API's base, e.g. http://127.0.0.1:PORT */
  base: string
  /** The DICOMweb root (what DICOMWEB_URL names). */
  dicomweb: string
  /** Stores a DICOM image of a study with this accession and UID, in its series 1. */
  storeStudy(study: { accession: string; studyUid: string; patientId: string }): Promise<void>
  /** Orthanc's id of the series `storeStudy` made for `studyUid` (asked of Orthanc). */
  seriesOf(studyUid: string): Promise<string>
  stop(): Promise<void>
}

const until = async (ready: () => Promise<boolean>, what: string, boundMs = 60_000) => {
  const started = Date.now()
  for (;;) {
    if (await ready().catch(() => false)) return
    if (Date.now() - started > boundMs) throw new Error(`${what} within ${String(boundMs)} ms`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** Starts Orthanc with the DICOMweb plugin `plugin` and, when given, the Web Viewer `viewer`. */
export async function startOrthanc(plugin: string, viewer?: string): Promise<RunningOrthanc> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'readout-orthanc-'))
  const port = await freePort()
  const config = {
    Name: 'readout-test',
    StorageDirectory: path.join(folder, 'storage'),
    IndexDirectory: path.join(folder, 'index'),
    HttpPort: port,
    // Loopback only, no users: the archive lives as long as the test.
    RemoteAccessAllowed: false,
    AuthenticationEnabled: false,
    // Images come over HTTP; no DICOM (C-STORE) listener is opened.
    DicomServerEnabled: false,
    Plugins: viewer ? [plugin, viewer] : [plugin],
    DicomWeb: { Enable: true, Root: '/dicom-web/', EnableWado: false },
    WebViewer: { CachePath: path.join(folder, 'viewer-cache') },
  }
  const configFile = path.join(folder, 'orthanc.json')
  await writeFile(configFile, JSON.stringify(config, null, 2))
  const output: string[] = []
  const child: ChildProcess = spawn(ORTHANC, [configFile], { stdio: ['ignore', 'pipe', 'pipe'] })
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()))
  let exited = false
  const exit = new Promise<void>((resolve) => {
    child.once('exit', () => {
      exited = true
      resolve()
    })
  })
  const base = `http://127.0.0.1:${String(port)}`
  try {
    await until(async () => {
      if (exited) throw new Error('exited')
      return (await fetch(`${base}/dicom-web/studies`)).ok
    }, 'Orthanc did not answer DICOMweb')
  } catch (error) {
    child.kill()
    await exit
    await rm(folder, { recursive: true, force: true })
    throw new Error(
      `${error instanceof Error ? error.message : String(error)}\n${output.join('').slice(-2000)}`,
    )
  }

  let instance = 0
  const pixelFile = path.join(folder, 'pixels.raw')
  await writeFile(pixelFile, phantom())
  return {
    base,
    dicomweb: `${base}/dicom-web`,
    async storeStudy({ accession, studyUid, patientId }) {
      instance += 1
      const dump = path.join(folder, `instance${String(instance)}.dump`)
      const file = path.join(folder, `instance${String(instance)}.dcm`)
      // Secondary Capture, one 8-bit grey image: what QIDO-RS searches read is the header, what
      // a viewer draws the pixels.
      await writeFile(
        dump,
        [
          '(0008,0016) UI =SecondaryCaptureImageStorage',
          `(0008,0018) UI [${studyUid}.1.${String(instance)}]`,
          '(0008,0020) DA [20261120]',
          `(0008,0050) SH [${accession}]`,
          '(0008,0060) CS [OT]',
          '(0010,0010) PN [Test^Patient]',
          `(0010,0020) LO [${patientId}]`,
          `(0020,000d) UI [${studyUid}]`,
          `(0020,000e) UI [${studyUid}.1]`,
          '(0020,0011) IS [1]',
          `(0020,0013) IS [${String(instance)}]`,
          '(0028,0002) US 1',
          '(0028,0004) CS [MONOCHROME2]',
          `(0028,0010) US ${String(IMAGE_SIZE)}`,
          `(0028,0011) US ${String(IMAGE_SIZE)}`,
          '(0028,0100) US 8',
          '(0028,0101) US 8',
          '(0028,0102) US 7',
          '(0028,0103) US 0',
          `(7fe0,0010) OB =${pixelFile}`,
          '',
        ].join('\n'),
      )
      const made = spawnSync('dump2dcm', ['--write-xfer-little', '--write-file', dump, file], {
        encoding: 'utf8',
      })
      if (made.status !== 0) throw new Error(`dump2dcm failed: ${made.stderr}`)
      const res = await fetch(`${base}/instances`, {
        method: 'POST',
        headers: { 'content-type': 'application/dicom' },
        body: await readFile(file),
      })
      if (!res.ok)
        throw new Error(`Orthanc refused the instance: ${String(res.status)} ${await res.text()}`)
    },
    async seriesOf(studyUid) {
      const found = await fetch(`${base}/tools/find`, {
        method: 'POST',
        body: JSON.stringify({ Level: 'Series', Query: { SeriesInstanceUID: `${studyUid}.1` } }),
      })
      const [id] = (await found.json()) as string[]
      if (!id) throw new Error(`Orthanc holds no series of ${studyUid}`)
      return id
    },
    async stop() {
      if (!exited) {
        child.kill('SIGTERM')
        await exit
      }
      await rm(folder, { recursive: true, force: true })
    },
  }
}
