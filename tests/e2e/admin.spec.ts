/**
 * The Admin page in Chromium against a Readout of its own (ADM-20..ADM-22): its first account is
 * the admin, which the shared server's accounts project already took. The admin makes a second
 * clinician a trainee (their header says so after a reload), deactivates them (their open
 * workspace goes to /login and their sign-in is refused with the server's words), reactivates
 * them, and finds each step in the audit trail, on screen and in the CSV export. The admin page's
 * code comes only when it is opened.
 */
import { readFile } from 'node:fs/promises'
import { expect, test, type Browser, type Page } from '@playwright/test'
import { freePort } from '../support/orthanc'
import { startOwnServer, type OwnServer } from './fixtures/ownServer'
import { PASSWORD, shot, signIn, signUp } from './support'

const ADMIN = 'Dr Ada Admin'
const TESS = 'Dr Tess Trainee'
const DEACTIVATED = 'This account has been deactivated. Ask an administrator.'
/** A text only the admin feature's code holds (src/features/admin/audit/AuditTable.tsx). */
const ADMIN_CODE_MARK = 'No events match these filters.'

let readout: OwnServer | undefined

test.beforeAll(async () => {
  test.setTimeout(120_000)
  readout = await startOwnServer(await freePort(), {
    // Sign-up first tries a sign-in that fails; the clinicians of one address stay within it.
    SIGNIN_MAX_FAILURES_PER_ADDRESS: '1000',
  })
})
test.afterAll(async () => {
  await readout?.stop()
})

async function clinician(browser: Browser, prefix: string, name: string) {
  const context = await browser.newContext({ baseURL: readout?.url ?? '' })
  const page = await context.newPage()
  const email = await signUp(page, prefix, name)
  return { page, email }
}

/** The scripts the page has loaded so far that hold `text`. */
async function scriptsHolding(page: Page, text: string): Promise<string[]> {
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => /\.m?js(\?|$)/.test(name)),
  )
  const holding: string[] = []
  for (const url of scripts) {
    const body = await (await page.request.get(url)).text()
    if (body.includes(text)) holding.push(url)
  }
  return holding
}

/** The cells of an RFC 4180 text, row by row. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i] ?? ''
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"'
        i += 1
      } else if (char === '"') quoted = false
      else cell += char
    } else if (char === '"') quoted = true
    else if (char === ',') {
      row.push(cell)
      cell = ''
    } else if (char === '\n') {
      rows.push([...row, cell.replace(/\r$/, '')])
      row = []
      cell = ''
    } else cell += char
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell])
  return rows
}

test('ADM-20 ADM-21 ADM-22 the first account administers the second: trainee, deactivated and back, each step in the audit trail and its CSV', async ({
  browser,
}) => {
  test.setTimeout(180_000)
  const step = test.step.bind(test)
  const { page: admin } = await clinician(browser, 'admin', ADMIN)
  const banner = admin.getByRole('banner')
  await expect(banner.getByText('Admin · Radiologist', { exact: true })).toBeVisible()
  // The login screen and the workspace came without the Admin page's code.
  expect(await scriptsHolding(admin, ADMIN_CODE_MARK)).toEqual([])

  const tess = await clinician(browser, 'tess', TESS)
  await expect(
    tess.page.getByRole('banner').getByText('Radiologist', { exact: true }),
  ).toBeVisible()
  await expect(tess.page.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0)

  await step('ADM-20 the admin makes the second clinician a trainee', async () => {
    await admin
      .getByRole('navigation', { name: 'Views' })
      .getByRole('link', { name: 'Admin', exact: true })
      .click()
    await expect(admin.getByRole('heading', { level: 1, name: 'Admin' })).toBeVisible()
    expect(await scriptsHolding(admin, ADMIN_CODE_MARK)).toHaveLength(1)
    const users = admin.getByRole('table', { name: 'Users' })
    for (const [name, checked] of [
      [`Trainee for ${TESS}`, true],
      [`Radiologist for ${TESS}`, false],
    ] as const) {
      const saved = admin.waitForResponse(
        (response) =>
          response.request().method() === 'PATCH' && response.url().includes('/admin/users/'),
      )
      await users.getByRole('checkbox', { name }).setChecked(checked)
      expect((await saved).status()).toBe(200)
      await expect(users.getByRole('checkbox', { name })).toBeChecked({ checked })
    }
    await admin.screenshot({ path: shot('admin-users'), fullPage: true })
    await tess.page.reload()
    await expect(tess.page.getByRole('banner').getByText('Trainee', { exact: true })).toBeVisible()
  })

  await step(
    'ADM-21 deactivated: the open workspace goes to /login, the sign-in is refused',
    async () => {
      await admin.getByRole('button', { name: `Deactivate ${TESS}` }).click()
      const question = admin.getByRole('alertdialog', {
        name: `Deactivate ${TESS}? Their sessions end at once.`,
      })
      await question.getByRole('button', { name: 'Deactivate' }).click()
      const row = admin.getByRole('row').filter({ hasText: TESS })
      await expect(row.getByText('Deactivated', { exact: true })).toBeVisible()

      await expect(tess.page).toHaveURL(/\/login$/, { timeout: 15_000 })
      await tess.page.getByLabel('Email').fill(tess.email)
      await tess.page.getByLabel('Password').fill(PASSWORD)
      await tess.page.getByRole('button', { name: 'Continue' }).click()
      await expect(tess.page.getByText(DEACTIVATED)).toBeVisible()

      await admin.getByRole('button', { name: `Reactivate ${TESS}` }).click()
      await expect(row.getByText('Active', { exact: true })).toBeVisible()
      await tess.page.reload()
      await signIn(tess.page, tess.email, TESS)
    },
  )

  await step('ADM-22 the audit trail and its CSV show each step', async () => {
    await admin.getByRole('tab', { name: 'Audit trail' }).click()
    const trail = admin.getByRole('table', { name: 'Audit trail' })
    await admin.getByRole('combobox', { name: 'User' }).selectOption({ label: ADMIN })
    const kinds = trail.getByRole('row').locator('td:nth-child(3)')
    await expect(kinds.filter({ hasText: 'account_deactivated' })).toHaveCount(1)
    await expect(kinds.filter({ hasText: 'roles_changed' })).toHaveCount(2)
    await expect(kinds.filter({ hasText: 'account_reactivated' })).toHaveCount(1)
    const shown = await kinds.allTextContents()
    await admin.screenshot({ path: shot('admin-audit'), fullPage: true })

    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      admin.getByRole('button', { name: 'Export CSV' }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^audit-\d{4}-\d{2}-\d{2}\.csv$/)
    expect(download.url()).toMatch(/^blob:/)
    const [header, ...rows] = parseCsv(await readFile(await download.path(), 'utf8'))
    const column = (name: string) => header?.indexOf(name) ?? -1
    expect(column('time')).toBe(0)
    expect(rows.map((cells) => cells[column('kind')])).toEqual(shown)
    expect(new Set(rows.map((cells) => cells[column('user_name')]))).toEqual(new Set([ADMIN]))

    // The second clinician's own trail holds the refused sign-in.
    await admin.getByRole('combobox', { name: 'User' }).selectOption({ label: TESS })
    await expect(kinds.filter({ hasText: 'sign_in_failed' }).first()).toBeVisible()
  })
})
