/**
 * The tour's conversation: a typed question and its rating, dictation into the chat with the
 * loopback speech service (the button and F4, cleanup and its undo, sent as voice), the service
 * dropping mid-sentence, and 'Jump to latest'.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { speechService } from '../fixtures/speechService'
import { sendAndAwaitReply, shot } from '../support'

/** A radiologist's findings on a wrist film, as dictated: 55 words, so stopping cleans them up. */
const DICTATION = [
  'findings colon there is a small dorsal avulsion fracture of the triquetrum period',
  'there is mild soft tissue swelling over the dorsal wrist period',
  'the carpal bones are otherwise normally aligned comma and the scaphoid is intact period',
  'joint spaces are preserved period',
  'the distal radioulnar joint is congruent period',
  'no radiopaque foreign body period',
]
const RAW = DICTATION.join(' ')
/** What the server's assistant makes of it. */
export const CLEANED =
  'Findings: there is a small dorsal avulsion fracture of the triquetrum. There is mild soft tissue swelling over the dorsal wrist. The carpal bones are otherwise normally aligned, and the scaphoid is intact. Joint spaces are preserved. The distal radioulnar joint is congruent. No radiopaque foreign body.'

function messageBox(page: Page) {
  return page.getByRole('textbox', { name: 'Message' })
}

/** Sends a typed message and waits for the assistant's answer to it. */
export async function ask(page: Page, text: string) {
  const rateUp = await sendAndAwaitReply(page, async () => {
    await messageBox(page).fill(text)
    await messageBox(page).press('Enter')
  })
  await expect(messageBox(page)).toHaveValue('')
  // The reply is in: the newest of the assistant's messages.
  const answer = page
    .getByRole('log', { name: 'Messages' })
    .getByRole('article', { name: 'AI Assistant' })
    .last()
  return { answer, rateUp }
}

/**
 * The summary card, a question and its answer; the answer rated up, the rating cleared, rated
 * down: the server keeps the rating, so a reload shows it, and it is cleared again.
 */
export async function askAndRate(page: Page, indication: string): Promise<void> {
  const log = page.getByRole('log', { name: 'Messages' })
  await expect(log.getByRole('heading', { name: 'Relevant History' })).toBeVisible()
  await expect(log).toContainText(indication)

  const { answer, rateUp } = await ask(page, 'What is the indication?')
  await expect(answer).toContainText(/snuffbox|scaphoid/i)
  const rateDown = answer.getByRole('button', { name: 'Rate down' })
  const saved = () =>
    page.waitForResponse(
      (response) =>
        response.request().method() === 'PATCH' &&
        response.url().endsWith('/rating') &&
        response.ok(),
    )
  for (const [button, pressed] of [
    [rateUp, 'true'],
    [rateUp, 'false'],
    [rateDown, 'true'],
  ] as const) {
    const answered = saved()
    await button.click()
    await expect(button).toHaveAttribute('aria-pressed', pressed)
    await answered
  }

  // URL-1: the reload opens the same study, and the server's rating with it.
  await page.reload()
  const again = page
    .getByRole('log', { name: 'Messages' })
    .getByRole('article', { name: 'AI Assistant' })
    .filter({ hasText: /snuffbox|scaphoid/i })
    .last()
  await expect(again.getByRole('button', { name: 'Rate down' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await expect(again.getByRole('button', { name: 'Rate up' })).toHaveAttribute(
    'aria-pressed',
    'false',
  )
  const cleared = saved()
  await again.getByRole('button', { name: 'Rate down' }).click()
  await expect(again.getByRole('button', { name: 'Rate down' })).toHaveAttribute(
    'aria-pressed',
    'false',
  )
  await cleared
}

/**
 * Dictated findings: once with the button, cleaned up on stopping and the cleanup undone (the
 * clinician then clears the box); once with F4 from the Message box at speaking pace, past 50
 * words, cleaned up and sent as voice, which writes the report's Findings.
 */
export async function dictateFindings(page: Page, request: APIRequestContext): Promise<void> {
  const input = messageBox(page)
  const start = page.getByRole('button', { name: 'Start dictation' })
  const stop = page.getByRole('button', { name: 'Stop dictation' })
  await expect(start).toBeEnabled()

  await speechService.script(request, DICTATION, 20)
  await start.click()
  await expect(page.getByText('Listening...')).toBeVisible()
  await expect(input).toHaveValue(RAW, { timeout: 30_000 })
  await expect(stop).toHaveAttribute('data-state', 'threshold')
  await stop.click()
  await expect(input).toHaveValue(CLEANED)
  await expect(page.getByText('Dictation cleaned up.')).toBeVisible()
  await page.getByRole('button', { name: 'Undo cleanup' }).click()
  await expect(input).toHaveValue(RAW)
  await input.fill('')

  await speechService.script(request, DICTATION, 60)
  await input.focus()
  await page.keyboard.press('F4')
  await expect(page.getByText('Listening...')).toBeVisible()
  await expect(input).toHaveValue(RAW, { timeout: 30_000 })
  await expect(stop).toHaveAttribute('data-state', 'threshold')
  await page.screenshot({ path: shot('dictation') })
  await page.keyboard.press('F4')
  await expect(input).toHaveValue(CLEANED)
  await expect(page.getByText('Listening...')).toBeHidden()

  await page.getByRole('button', { name: 'Send message' }).click()
  const sent = page
    .getByRole('article', { name: 'You' })
    .filter({ hasText: 'dorsal avulsion fracture of the triquetrum' })
  await expect(sent.getByText('Voice input')).toBeVisible()
  await expect(page.getByText('Updated the report: Findings.')).toBeVisible()
}

/** The speech service goes away mid-sentence: the words stay, the problem is said and dismissed. */
export async function speechServiceDrops(page: Page, request: APIRequestContext): Promise<void> {
  const input = messageBox(page)
  const problem = page.getByText('Connection to service terminated.')
  await speechService.script(request, ['the lateral view is slightly rotated', 'repeat'], 150)
  await page.getByRole('button', { name: 'Start dictation' }).click()
  await expect(input).toHaveValue(/^the lateral view is slightly rotated/, { timeout: 15_000 })
  await speechService.drop(request)
  await expect(problem).toBeVisible({ timeout: 30_000 })
  await expect(page.getByRole('button', { name: 'Start dictation' })).toBeEnabled()
  await expect(input).toHaveValue(/^the lateral view is slightly rotated/)
  await page.screenshot({ path: shot('dictation-dropped') })
  await page.getByRole('button', { name: 'Dismiss' }).click()
  await expect(problem).toBeHidden()
  await speechService.restore(request)
  await input.fill('')
}

/** Scrolled up the conversation, 'Jump to latest' brings the newest message back into view. */
export async function jumpToLatest(page: Page): Promise<void> {
  const log = page.getByRole('log', { name: 'Messages' })
  const newest = log.getByRole('article').last()
  await log.hover()
  await page.mouse.wheel(0, -10_000)
  const jump = page.getByRole('button', { name: 'Jump to latest' })
  await expect(jump).toBeVisible()
  await expect(newest).not.toBeInViewport()
  await jump.click()
  await expect(jump).toBeHidden()
  await expect(newest).toBeInViewport()
}
