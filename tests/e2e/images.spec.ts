/**
 * INT-40 in the browser: the e2e server links every study to a stand-in viewer by accession
 * (VIEWER_URL_TEMPLATE in playwright.config.ts), so the open study's header shows 'Open images',
 * which opens the viewer in a new tab that has no handle on Readout's window.
 */
import { expect, test } from '@playwright/test'
import { signUp } from './support'

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
