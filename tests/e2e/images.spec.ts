/**
 * 'Open images' in the browser. INT-40: the e2e server links every study to a stand-in viewer by
 * accession (VIEWER_URL_TEMPLATE in playwright.config.ts), so the open study's header shows
 * 'Open images', which opens the viewer in a new tab that has no handle on Readout's window.
 * INT-100: a Readout of its own, linked to a real archive (Orthanc with its Web Viewer, from
 * Debian's packages) holding a seeded study's image, opens that image in the viewer; the link
 * reaches the open study by the live worklist, without a reload (INT-101).
 */
import { expect, test } from '@playwright/test'
import { DEMO_ORDERS } from '../../server/seed/data'
import { seededStudyUid } from '../../server/seed/studyUid'
import { findOrthancTools, freePort, startOrthanc, type RunningOrthanc } from '../support/orthanc'
import { startOwnServer, type OwnServer } from './fixtures/ownServer'
import { selectStudy, shot, signIn, signUp } from './support'

test('INT-40 Open images opens the study in the viewer, in a new tab without an opener', async ({
  page,
  context,
}) => {
  // The stand-in viewer: whatever it is asked, a page that says whether it can reach its opener.
  await context.route('https://viewer.readout.test/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><title>Viewer</title><p id="opener"></p><script>document.getElementById("opener").textContent = window.opener === null ? "no opener" : "opener"</script>',
    }),
  )
  await signUp(page, 'images')
  // 'Next study' opens a study nobody reads: no take-over question from another test's reader.
  await page.getByRole('button', { name: 'Next study' }).click()
  const header = page.getByRole('group', { name: 'Patient' })
  const link = header.getByRole('link', { name: 'Open images' })
  await expect(link).toHaveAttribute(
    'href',
    /^https:\/\/viewer\.readout\.test\/open\?accession=[^&]+$/,
  )
  // The study's own accession number, as the header shows it.
  const href = (await link.getAttribute('href')) ?? ''
  await expect(header).toContainText(decodeURIComponent(href.split('accession=')[1] ?? '-'))
  await expect(link).toHaveAttribute('target', '_blank')
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer')

  const [viewer] = await Promise.all([context.waitForEvent('page'), link.click()])
  await expect(viewer).toHaveURL(/^https:\/\/viewer\.readout\.test\/open\?accession=/)
  await expect(viewer.locator('#opener')).toHaveText('no opener')
  // Readout stays where it was.
  await expect(header).toBeVisible()
})

test.describe("a seeded study's images in Orthanc's Web Viewer", () => {
  const tools = findOrthancTools()
  test.skip(
    tools.missing.length > 0 && !process.env.CI,
    `the Debian packages ${tools.missing.join(', ')} are not installed (.ci/run installs them)`,
  )
  const order = DEMO_ORDERS[0]!
  const uid = seededStudyUid(order.accessionNumber)
  let orthanc: RunningOrthanc | undefined
  let readout: OwnServer | undefined

  test.beforeAll(async () => {
    test.setTimeout(180_000)
    if (!tools.plugin || !tools.viewer) throw new Error(`missing: ${tools.missing.join(', ')}`)
    orthanc = await startOrthanc(tools.plugin, tools.viewer)
    // The archive holds the seeded study under the UID the demo gives it (INT-96).
    await orthanc.storeStudy({
      accession: order.accessionNumber,
      studyUid: uid,
      patientId: order.patientMrn,
    })
    readout = await startOwnServer(await freePort(), {
      VIEWER_URL_TEMPLATE: `${orthanc.base}/web-viewer/app/viewer.html?series={orthanc_series}`,
      ORTHANC_URL: orthanc.base,
      SIGNIN_MAX_FAILURES_PER_ADDRESS: '1000',
    })
  })
  test.afterAll(async () => {
    await readout?.stop()
    await orthanc?.stop()
  })

  test("INT-100 Open images shows the seeded study's image in the Orthanc Web Viewer", async ({
    page,
    context,
  }) => {
    const archive = orthanc!
    await page.goto(`${readout!.url}/login`)
    await signIn(page, `viewer-${String(Date.now())}@hospital.test`)
    await selectStudy(page, order.accessionNumber)
    // The series id is Orthanc's, looked up when the study opened and brought by the live list to
    // the study already open: no reload (INT-101).
    const link = page
      .getByRole('group', { name: 'Patient' })
      .getByRole('link', { name: 'Open images' })
    const series = await archive.seriesOf(uid)
    await expect(link).toHaveAttribute(
      'href',
      `${archive.base}/web-viewer/app/viewer.html?series=${series}`,
    )

    const [viewer] = await Promise.all([context.waitForEvent('page'), link.click()])
    await viewer.setViewportSize({ width: 1000, height: 700 })
    const canvas = viewer.locator('#dicomImage canvas')
    await expect(canvas).toBeVisible()
    // The image is drawn: the ring and cross of the test image light many of the canvas' pixels.
    await expect
      .poll(() =>
        canvas.evaluate((element: HTMLCanvasElement) => {
          const context2d = element.getContext('2d')
          if (!context2d) return 0
          const { data } = context2d.getImageData(0, 0, element.width, element.height)
          let lit = 0
          for (let i = 0; i < data.length; i += 4) if ((data[i] ?? 0) > 100) lit += 1
          return lit / (element.width * element.height)
        }),
      )
      .toBeGreaterThan(0.1)
    // The viewer names the study's patient as the archive holds it.
    await expect(viewer.locator('#topright')).toContainText(order.patientMrn)
    await viewer.screenshot({ path: shot('images-orthanc-viewer') })
  })
})
