/**
 * SEC-30 in Chromium: the page's policy allows only `<style>` elements carrying its nonce, and
 * the whole app still draws itself. A clinician signs up, walks the worklist, opens a study,
 * chats with the assistant, writes in the report editor, opens the template picker, the macros
 * menu and its dialog, a tooltip and the Finalize dialog (everything that adds styles late), and
 * Chromium reports no violation of the policy: neither a `securitypolicyviolation` event nor a
 * "Refused to apply inline style" message. The screenshot shows the styled workspace.
 */
import { expect, test, type Page } from '@playwright/test'
import { openReportEditor, sendAndAwaitReply, shot, signUp, writableRowAt } from './support'

declare global {
  interface Window {
    /** Every policy violation the page saw, as `directive: blocked` (set by the init script). */
    cspViolations?: string[]
  }
}

/** Collects the page's policy violations from its first script on, in every document it loads. */
async function watchViolations(page: Page): Promise<string[]> {
  const console: string[] = []
  page.on('console', (message) => {
    const text = message.text()
    if (/Content Security Policy|Refused to (apply|load|execute)/i.test(text)) console.push(text)
  })
  await page.addInitScript(() => {
    window.cspViolations = []
    document.addEventListener('securitypolicyviolation', (event) => {
      window.cspViolations?.push(
        `${event.effectiveDirective}: ${event.blockedURI || 'inline'} ${event.sample} at ${event.sourceFile}:${String(event.lineNumber)}:${String(event.columnNumber)}`,
      )
    })
  })
  return console
}

async function violations(page: Page): Promise<string[]> {
  return page.evaluate(() => window.cspViolations ?? [])
}

test('SEC-30 the app draws itself under a policy with a style nonce and no inline styles', async ({
  page,
}) => {
  const consoleViolations = await watchViolations(page)
  const page0 = await page.request.get('/login')
  const policy = page0.headers()['content-security-policy'] ?? ''
  expect(policy).toMatch(/style-src 'self' 'nonce-[A-Za-z0-9+/=]+'/)
  expect(policy).not.toContain("'unsafe-inline'")

  await signUp(page, 'csp', 'Dr Nonce Tester')
  // Emotion's styles carry the page's nonce: Chakra drew the workspace.
  const styled = await page.evaluate(() => {
    const nonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce
    const emotion = [...document.querySelectorAll<HTMLStyleElement>('style[data-emotion]')]
    return {
      nonce: Boolean(nonce),
      emotion: emotion.length,
      withNonce: emotion.filter((style) => style.nonce === nonce).length,
      background: getComputedStyle(document.body).backgroundColor,
    }
  })
  expect(styled.nonce).toBe(true)
  expect(styled.emotion).toBeGreaterThan(0)
  expect(styled.withNonce).toBe(styled.emotion)

  // The worklist, a study, the chat.
  const row = await writableRowAt(page, 0)
  await row.click()
  await expect(row).toHaveAttribute('aria-selected', 'true')
  const input = page.getByRole('textbox', { name: 'Message' })
  await expect(input).toBeEditable()
  // The summary card brings a 'Rate up' of its own: it must be in before the reply is counted.
  await expect(page.getByText('Relevant History')).toBeVisible()
  await sendAndAwaitReply(page, async () => {
    await input.fill('Summarize the history.')
    await input.press('Enter')
  })

  // The report editor, the template picker, the macros menu and its dialog.
  const { impression } = await openReportEditor(page)
  await impression.fill('No acute abnormality.')
  await page.getByRole('button', { name: 'Insert template' }).click()
  await expect(page.getByRole('list', { name: 'Templates' })).toBeVisible()
  await page.keyboard.press('Escape')
  await page.getByRole('button', { name: 'Macros' }).click()
  await page.getByRole('menuitem', { name: 'Add or remove macros…' }).click()
  const macros = page.getByRole('dialog', { name: 'Macros' })
  await expect(macros).toBeVisible()
  await macros.getByLabel('Name').fill('normal chest')
  await macros.getByLabel('Text').fill('Lungs are clear.')
  await macros.getByRole('button', { name: 'Add macro' }).click()
  await expect(macros.getByRole('list', { name: 'Your macros' })).toContainText('normal chest')
  await page.keyboard.press('Escape')
  await expect(macros).toBeHidden()

  // A tooltip (who is signed in), then the Finalize dialog, answered Cancel.
  await page.getByText('Dr Nonce Tester').hover()
  await page.waitForTimeout(600)
  await page.getByRole('button', { name: 'Finalize', exact: true }).click()
  const finalize = page.getByRole('alertdialog', { name: 'Finalize report' })
  await expect(finalize).toBeVisible()
  await page.screenshot({ path: shot('csp-styled-finalize') })
  await finalize.getByRole('button', { name: 'Cancel' }).click()
  await expect(finalize).toBeHidden()

  // A reload takes a new nonce and draws again.
  await page.reload()
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible()
  await page.screenshot({ path: shot('csp-styled-workspace') })

  expect(await violations(page)).toEqual([])
  expect(consoleViolations).toEqual([])
  expect(styled.background).not.toBe('rgba(0, 0, 0, 0)')
})
