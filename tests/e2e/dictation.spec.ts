/**
 * Dictation with the real Speech SDK in Chromium: a fake microphone plays a generated WAV, the
 * app server's SPEECH_HOST points at the loopback speech server (playwright.config.ts), which
 * speaks Azure's recognition protocol and "hears" the words each test scripts.
 */
import { expect, test, type Page } from '@playwright/test'
import { speechService } from './fixtures/speechService'
import { CLEANED, DICTATION, RAW } from './fixtures/dictation'
import { openReportEditor, selectStudy, signIn } from './support'

/** Each test reads a study of its own: a study another test's clinician holds would ask first. */
async function signUpAndOpenStudy(page: Page, tag: string, accession: string) {
  await page.goto('/login')
  await signIn(page, `dictation-${tag}-${String(Date.now())}@hospital.test`)
  await expect(page).toHaveURL(/\/$/)
  const phrases = page.waitForResponse(
    (response) => response.url().endsWith('/api/v1/speech/phrases') && response.ok(),
  )
  await selectStudy(page, accession)
  const hints = ((await (await phrases).json()) as { phrases: string[] }).phrases
  await expect(page.getByRole('button', { name: 'Start dictation' })).toBeEnabled()
  return hints
}

/** The button's background as sRGB bytes, whatever colour syntax the browser computes. */
function backgroundOf(element: Element): { red: number; green: number; blue: number } {
  const canvas = document.createElement('canvas').getContext('2d')!
  canvas.fillStyle = getComputedStyle(element).backgroundColor
  canvas.fillRect(0, 0, 1, 1)
  const [red = 0, green = 0, blue = 0] = canvas.getImageData(0, 0, 1, 1).data
  return { red, green, blue }
}

/** Every value the Message input takes, sampled each frame, so interim text cannot slip by. */
async function recordInputValues(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = []
    const sample = () => {
      const area = document.querySelector<HTMLTextAreaElement>('textarea[aria-label="Message"]')
      if (area && seen.at(-1) !== area.value) seen.push(area.value)
      requestAnimationFrame(sample)
    }
    sample()
    Object.assign(window, { __messageValues: seen })
  })
  return () =>
    page.evaluate(() => (window as unknown as { __messageValues: string[] }).__messageValues)
}

test.describe('dictation through the real Speech SDK', () => {
  test.beforeEach(async ({ request }) => {
    await speechService.reset(request)
  })

  test('DC-6 DC-8 CH-4 DC-2 DC-3 CH-2 a clinician dictates, sees the words arrive, passes 50 words, stops, gets the cleaned text, can undo it, and sends it as voice', async ({
    page,
    request,
  }) => {
    // The page's CSP refuses the blob: worklet the SDK would make; it must load ours instead.
    await page.addInitScript(() => {
      const loads: { url: string; ok?: boolean }[] = []
      Object.assign(window, { __worklets: loads })
      const prototype = AudioWorklet.prototype
      const addModule = Reflect.get<Worklet, 'addModule'>(prototype, 'addModule')
      prototype.addModule = function (this: Worklet, url, options) {
        const load: { url: string; ok?: boolean } = { url: String(url) }
        loads.push(load)
        const loading = addModule.call(this, url, options)
        loading.then(
          () => {
            load.ok = true
          },
          () => {
            load.ok = false
          },
        )
        return loading
      }
    })
    const hints = await signUpAndOpenStudy(page, 'happy', 'A26114313')
    const message = page.getByRole('textbox', { name: 'Message' })
    const values = await recordInputValues(page)

    // The first phrase slowly, so its interim results can be seen.
    await speechService.script(request, [DICTATION[0]!], 250)
    await page.getByRole('button', { name: 'Start dictation' }).click()
    const stop = page.getByRole('button', { name: 'Stop dictation' })
    await expect(stop).toHaveAttribute('data-state', 'recording')
    await expect(page.getByText('Listening...')).toBeVisible()
    await expect(message).toHaveValue(DICTATION[0]!)
    // The words arrive while the clinician speaks: the box grows through several interim texts,
    // each the beginning of the next. (How many depends on how often the page renders, which a
    // busy machine changes; that they grow word by word does not.)
    const shown = (await values()).filter((value) => value !== '')
    expect(shown.at(-1)).toBe(DICTATION[0])
    expect(shown.length).toBeGreaterThanOrEqual(3)
    expect(shown[0]?.startsWith('findings')).toBe(true)
    for (const [index, value] of shown.entries()) {
      if (index > 0) expect(value.startsWith(shown[index - 1]!), value).toBe(true)
    }

    // DC-6: how the SDK configured the recognition, as the service received it.
    const context = (await speechService.lastContext(request)) as {
      phraseDetection: {
        language: string
        enrichment: { profanity: string }
        conversation: { segmentation: { segmentationSilenceTimeoutMs: number } }
      }
      phraseOutput: { format: string; detailed: { options: string[] } }
      dgi: { groups: { items: { text: string }[] }[] }
    }
    expect(context.phraseDetection.language).toBe('en-US')
    expect(context.phraseDetection.enrichment.profanity).toBe('Raw')
    expect(context.phraseOutput.detailed.options).toContain('WordTimings')
    expect(context.phraseDetection.conversation.segmentation.segmentationSilenceTimeoutMs).toBe(600)
    expect(hints.length).toBeGreaterThan(0)
    // VC-12: the study's hints, then the voice commands of the chat input.
    expect(context.dgi.groups.flatMap((group) => group.items.map((item) => item.text))).toEqual([
      ...hints,
      'scratch that',
      'new paragraph',
      'stop dictation',
    ])
    const [connection] = (await speechService.state(request)).connections
    expect(connection?.token?.trim()).toBeTruthy()

    // DC-2: red while recording, blue with a pulse from 50 words.
    const recordingColour = await stop.evaluate(backgroundOf)
    expect(recordingColour.red).toBeGreaterThan(recordingColour.green + 80)
    expect(recordingColour.red).toBeGreaterThan(recordingColour.blue + 80)
    await speechService.script(request, DICTATION.slice(1), 60)
    await expect(message).toHaveValue(RAW, { timeout: 20_000 })
    await expect(stop).toHaveAttribute('data-state', 'threshold')
    expect(
      await stop.evaluate((button) => getComputedStyle(button, '::before').animationName),
    ).toBe('pulse')
    const thresholdColour = await stop.evaluate(backgroundOf)
    expect(thresholdColour.blue).toBeGreaterThan(thresholdColour.red + 80)
    await page.screenshot({ path: 'test-results/e2e/screens/dictation-threshold.png' })

    // DC-3: 55 words are cleaned up; the cleaned text replaces them and can be undone.
    await stop.click()
    await expect(message).toHaveValue(CLEANED)
    await expect(page.getByText('Listening...')).toBeHidden()
    await page.getByRole('button', { name: 'Undo cleanup' }).click()
    await expect(message).toHaveValue(RAW)

    // CH-2 DC-8: sent as voice.
    await page.getByRole('button', { name: 'Send message' }).click()
    const sent = page
      .getByRole('article', { name: 'You' })
      .filter({ hasText: 'nodule in the right upper lobe' })
    await expect(sent).toBeVisible()
    await expect(sent.getByText('Voice input')).toBeVisible()
    expect((await speechService.state(request)).openSockets).toBe(0)
    const worklets = await page.evaluate(
      () => (window as unknown as { __worklets: { url: string; ok?: boolean }[] }).__worklets,
    )
    expect(worklets).toEqual([
      { url: expect.stringMatching(/\/assets\/speech-processor-[\w-]+\.js$/), ok: true },
    ])
  })

  test('VC-1 VC-5 VC-6 VC-12 a clinician dictates into the report, moves to the impression and stops, by voice', async ({
    page,
    request,
  }) => {
    await signUpAndOpenStudy(page, 'report', 'A26114359')
    const { report, impression } = await openReportEditor(page)
    await speechService.script(
      request,
      ['Lungs are clear.', 'Go to impression.', 'No acute findings.', 'Stop dictation.'],
      60,
    )

    await page.getByRole('button', { name: 'Dictate report' }).click()

    await expect(impression).toHaveValue(/No acute findings\.$/, { timeout: 20_000 })
    await expect(page.getByRole('button', { name: 'Dictate report' })).toBeEnabled()
    // After the FINDINGS the study already holds (a capital only where a sentence starts).
    await expect(report).toHaveValue(/FINDINGS:[\s\S]*[Ll]ungs are clear\.$/)
    expect(`${await report.inputValue()} ${await impression.inputValue()}`).not.toMatch(
      /go to|stop dictation/i,
    )
    const context = (await speechService.lastContext(request)) as {
      dgi: { groups: { items: { text: string }[] }[] }
    }
    const sent = context.dgi.groups.flatMap((group) => group.items.map((item) => item.text))
    expect(sent).toEqual(
      expect.arrayContaining(['next field', 'go to impression', 'stop dictation']),
    )
  })

  test('DC-7 a speech service that goes away ends in Connection to service terminated. and the text is kept', async ({
    page,
    request,
  }) => {
    await signUpAndOpenStudy(page, 'drop', 'A26114401')
    const message = page.getByRole('textbox', { name: 'Message' })
    await speechService.script(request, ['the liver is normal in size', 'the spleen is'], 150)

    await page.getByRole('button', { name: 'Start dictation' }).click()
    await expect(message).toHaveValue(/^the liver is normal in size the/, { timeout: 10_000 })
    await speechService.drop(request)

    await expect(page.getByText('Connection to service terminated.')).toBeVisible({
      timeout: 30_000,
    })
    await expect(page.getByRole('button', { name: 'Start dictation' })).toBeEnabled()
    await expect(message).toHaveValue(/^the liver is normal in size the/)
    await speechService.restore(request)
  })
})
