/**
 * The tour's sidebar: the worklist as it first shows, its filters and toggles, its sections,
 * 'Next study' and Alt+N, and the patient finder.
 */
import { expect, type Page } from '@playwright/test'
import { shot } from '../support'
import { openAccession, row, worklist } from './clinicians'

const RANK: Readonly<Record<string, number>> = { stat: 0, urgent: 1, routine: 2 }

/** The priority of each row on screen (the list renders the rows in view). */
function priorities(page: Page): Promise<string[]> {
  return worklist(page)
    .getByRole('option')
    .evaluateAll((rows) =>
      rows.map((r) => r.querySelector('[data-priority]')?.getAttribute('data-priority') ?? ''),
    )
}

/** The study line of each row on screen ('CT · head · CT Head without contrast'). */
function studies(page: Page): Promise<string[]> {
  return worklist(page)
    .getByRole('option')
    .evaluateAll((rows) =>
      rows.map((r) => r.querySelector('[title*=" · "]')?.getAttribute('title') ?? ''),
    )
}

export async function worklistAsItOpens(page: Page): Promise<void> {
  await expect(worklist(page).getByRole('option').first()).toBeVisible()
  const ranks = (await priorities(page)).map((priority) => RANK[priority] ?? 9)
  expect(ranks).toEqual([...ranks].sort((a, b) => a - b))
  await expect(page.getByText('Select a patient or study to begin')).toBeVisible()
  await page.screenshot({ path: shot('worklist') })
}

/** 'Priority' and 'Modality' narrow the list; 'All …' brings every row back. */
export async function priorityAndModality(page: Page): Promise<void> {
  const priority = page.getByRole('combobox', { name: 'Priority' })
  const modality = page.getByRole('combobox', { name: 'Modality' })
  await priority.selectOption({ label: 'Stat' })
  await expect.poll(async () => new Set(await priorities(page))).toEqual(new Set(['stat']))
  await modality.selectOption({ label: 'CT' })
  await expect
    .poll(async () => (await studies(page)).every((study) => study.startsWith('CT · ')))
    .toBe(true)
  await expect(worklist(page).getByRole('option').first()).toBeVisible()
  await page.screenshot({ path: shot('worklist-filters') })
  await priority.selectOption({ label: 'All priorities' })
  await modality.selectOption({ label: 'All modalities' })
  await expect
    .poll(async () => (await studies(page)).some((study) => !study.startsWith('CT · ')))
    .toBe(true)
}

/** 'Toggle sidebar' hides and shows it; each section's heading closes and opens its list. */
export async function sidebarAndSections(page: Page): Promise<void> {
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' })
  await page.getByRole('button', { name: 'Toggle sidebar' }).click()
  await expect(sidebar).toBeHidden()
  await page.getByRole('button', { name: 'Toggle sidebar' }).click()
  await expect(sidebar).toBeVisible()
  for (const section of ['Active Studies', 'Worklist']) {
    const heading = page.getByRole('button', { name: section, exact: true })
    const list = page.getByRole('listbox', { name: section })
    await heading.click()
    await expect(heading).toHaveAttribute('aria-expanded', 'false')
    await expect(list).toBeHidden()
    await heading.click()
    await expect(heading).toHaveAttribute('aria-expanded', 'true')
  }
  await expect(worklist(page).getByRole('option').first()).toBeVisible()
}

/**
 * 'Next study' opens the most urgent study nobody reads; 'Mine' then lists it alone and
 * 'Unclaimed' leaves it out; Alt+N opens the next one. Answers both accession numbers.
 */
export async function nextStudies(page: Page): Promise<[string, string]> {
  await page.getByRole('button', { name: 'Next study' }).click()
  const first = await openAccession(page)
  await expect(row(page, first)).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByText('Indication', { exact: true })).toBeVisible()
  await page.screenshot({ path: shot('next-study') })

  const mine = page.getByRole('button', { name: 'Mine', exact: true })
  const unclaimed = page.getByRole('button', { name: 'Unclaimed', exact: true })
  await mine.click()
  await expect(mine).toHaveAttribute('aria-pressed', 'true')
  await expect(worklist(page).getByRole('option')).toHaveCount(1)
  await expect(row(page, first)).toBeVisible()
  await unclaimed.click()
  await expect(unclaimed).toHaveAttribute('aria-pressed', 'true')
  await expect(mine).toHaveAttribute('aria-pressed', 'false')
  await expect(worklist(page).getByRole('option').first()).toBeVisible()
  await expect(row(page, first)).toHaveCount(0)
  await unclaimed.click()
  await expect(unclaimed).toHaveAttribute('aria-pressed', 'false')

  // Alt+N from the page (no text field has the focus).
  await page.getByRole('heading', { level: 1 }).click()
  await page.keyboard.press('Alt+n')
  await expect(page.getByRole('group', { name: 'Patient' })).not.toContainText(first)
  const second = await openAccession(page)
  await expect(row(page, second)).toHaveAttribute('aria-selected', 'true')
  return [first, second]
}

/**
 * 'Find patient' narrows the worklist to the patient and lists them; choosing them opens their
 * most urgent study.
 */
export async function findPatient(page: Page, name: string, accession: string): Promise<void> {
  const finder = page.getByRole('searchbox', { name: 'Find patient' })
  const [lastName = '', firstName = ''] = name.split(', ')
  await finder.fill(lastName)
  await expect(worklist(page).getByRole('option').first()).toBeVisible()
  await expect
    .poll(() =>
      worklist(page)
        .getByRole('option')
        .evaluateAll((rows, last) => rows.every((r) => r.textContent.includes(last)), lastName),
    )
    .toBe(true)
  const patient = page
    .getByRole('list', { name: 'Matching patients' })
    .getByRole('button', { name: new RegExp(`^${lastName}, ${firstName}`) })
  await patient.click()
  await expect(row(page, accession)).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('group', { name: 'Patient' })).toContainText(accession)
}
