/**
 * A small department with known numbers (DEPT-*), written straight into the tables with fixed
 * timestamps, in Europe/Berlin (UTC+1 in November): orders, their openings (audit events), saved
 * revisions, signatures, critical communications and follow-ups. The answers each test expects are
 * worked out by hand beside the data (stats/departmentNumbers.test.ts).
 */
import type { Priority } from '../../../contract'
import type { Database } from '../../../server/db/client'
import {
  auditEvents,
  criticalCommunications,
  followUps,
  orders,
  patients,
  reportRevisions,
  reports,
} from '../../../server/db/schema'

export const ZONE = 'Europe/Berlin'
/** Today in the department: 2026-11-20. */
export const NOW = new Date('2026-11-20T08:00:00Z')
/** The window of the turnaround, volume and critical numbers: 2 and 3 November, Berlin. */
export const WINDOW = { from: '2026-11-02', to: '2026-11-03' }

export interface StudySeed {
  id: string
  priority: Priority
  modality: string
  ordered: string
  /** Each `study_opened` (the earliest counts). */
  opened?: string[]
  signed?: string
  findings?: string
  impression?: string
  /** Saved revisions before the signature: when, and the Findings then. */
  saved?: { at: string; findings: string }[]
  /** Communications recorded (communicated_at). */
  told?: string[]
}

const day2 = (time: string) => `2026-11-02T${time}Z`

export const STUDIES: StudySeed[] = [
  // A: 10 / 30 / 40 minutes; the pneumothorax first saved at 07:20, told at 07:30: 10 minutes.
  {
    id: 'A',
    priority: 'stat',
    modality: 'CT',
    ordered: day2('07:00'),
    opened: [day2('07:10')],
    signed: day2('07:40'),
    findings: 'Large right pneumothorax.',
    saved: [
      { at: day2('07:15'), findings: 'No pneumothorax.' },
      { at: day2('07:20'), findings: 'Large right pneumothorax.' },
    ],
    told: [day2('07:35'), day2('07:30')],
  },
  // B: 30 / 30 / 60; told (08:35) before the text said it (08:40): 0 minutes.
  {
    id: 'B',
    priority: 'stat',
    modality: 'CT',
    ordered: day2('08:00'),
    opened: [day2('09:00'), day2('08:30')],
    signed: day2('09:00'),
    impression: 'Acute pulmonary embolism.',
    saved: [{ at: day2('08:40'), findings: 'Acute pulmonary embolism.' }],
    told: [day2('08:35')],
  },
  // C: 20 / 100 / 120; "no pneumothorax" is not critical, its communication does not count.
  {
    id: 'C',
    priority: 'stat',
    modality: 'MR',
    ordered: day2('10:00'),
    opened: [day2('10:20')],
    signed: day2('12:00'),
    findings: 'No pneumothorax.',
    told: [day2('12:30')],
  },
  // D: never opened (an API client signed it): 1440 ordered to signed; ordered before the window.
  // Free air, never saved before the signature (12:00): told at 13:00, 60 minutes.
  {
    id: 'D',
    priority: 'routine',
    modality: 'CT',
    ordered: '2026-11-01T12:00:00Z',
    signed: day2('12:00'),
    findings: 'Free air under the diaphragm.',
    told: [day2('13:00')],
  },
  // E: signed 00:20 on 3 November in Berlin (still the 2nd in UTC): 10 / 40 / 50; a subdural
  // hematoma never communicated.
  {
    id: 'E',
    priority: 'routine',
    modality: 'CR',
    ordered: day2('22:30'),
    opened: [day2('22:40')],
    signed: day2('23:20'),
    findings: 'Acute subdural hematoma.',
    saved: [{ at: day2('22:45'), findings: 'Acute subdural hematoma.' }],
  },
  // F: ordered in the window (23:00 on the 3rd), signed 00:10 on the 4th in Berlin: out.
  {
    id: 'F',
    priority: 'urgent',
    modality: 'CT',
    ordered: '2026-11-03T22:00:00Z',
    opened: ['2026-11-03T22:05:00Z'],
    signed: '2026-11-03T23:10:00Z',
    findings: 'Tension pneumothorax.',
  },
  // G: ordered 23:30 on 1 November in Berlin (out), signed 00:30 on the 2nd (in): 60, never opened.
  {
    id: 'G',
    priority: 'routine',
    modality: 'CT',
    ordered: '2026-11-01T22:30:00Z',
    signed: '2026-11-01T23:30:00Z',
    findings: 'Normal study.',
  },
  // H: ordered, not signed.
  { id: 'H', priority: 'stat', modality: 'CT', ordered: day2('09:15'), opened: [day2('09:20')] },
]

/** Follow-ups by the day their window ends, and what was recorded. */
export const FOLLOW_UPS: { dueTo: string; status: 'open' | 'completed' | 'declined' }[] = [
  { dueTo: '2026-10-05', status: 'completed' },
  { dueTo: '2026-10-10', status: 'declined' },
  { dueTo: '2026-10-20', status: 'open' },
  { dueTo: '2026-10-31', status: 'completed' },
  { dueTo: '2026-11-19', status: 'open' },
  { dueTo: '2026-11-20', status: 'open' },
  { dueTo: '2026-11-25', status: 'completed' },
  { dueTo: '2026-12-01', status: 'open' },
]

const at = (iso: string) => new Date(iso)

export async function seedStudies(db: Database, studies: readonly StudySeed[]): Promise<void> {
  await db
    .insert(patients)
    .values({ id: 'P-stats', mrn: 'MRN-STATS', firstName: 'Sam', lastName: 'Stats', sex: 'male' })
    .onConflictDoNothing()
  for (const study of studies) {
    await db.insert(orders).values({
      id: study.id,
      patientId: 'P-stats',
      status: study.signed ? 'Final' : 'Scheduled',
      originalStatus: 'Scheduled',
      modality: study.modality,
      bodyPart: 'Chest',
      studyDescription: `${study.modality} chest`,
      priority: study.priority,
      accessionNumber: `ACC-STATS-${study.id}`,
      orderedAt: at(study.ordered),
    })
    for (const opened of study.opened ?? [])
      await db
        .insert(auditEvents)
        .values({ kind: 'study_opened', orderId: study.id, createdAt: at(opened) })
    for (const [i, saved] of (study.saved ?? []).entries())
      await db.insert(reportRevisions).values({
        id: `${study.id}-r${String(i)}`,
        orderId: study.id,
        history: '',
        technique: '',
        comparison: '',
        findings: saved.findings,
        impression: '',
        authorKind: 'user',
        cause: 'save',
        sectionsChanged: ['findings'],
        createdAt: at(saved.at),
      })
    if (study.signed)
      await db.insert(reports).values({
        orderId: study.id,
        findings: study.findings ?? '',
        impression: study.impression ?? '',
        isFinal: true,
        finalizedAt: at(study.signed),
        finalizedBy: 'U-stats',
        finalizedByName: 'Dr Stats',
      })
    for (const [i, told] of (study.told ?? []).entries())
      await db.insert(criticalCommunications).values({
        id: `${study.id}-c${String(i)}`,
        orderId: study.id,
        recipient: 'Dr Referrer',
        role: 'referring physician',
        method: 'phone',
        communicatedAt: at(told),
        readBack: true,
        recordedBy: 'U-stats',
        recordedByName: 'Dr Stats',
      })
  }
}

export async function seedFollowUps(db: Database): Promise<void> {
  for (const [i, item] of FOLLOW_UPS.entries())
    await db.insert(followUps).values({
      id: `FU-stats-${String(i)}`,
      patientId: 'P-stats',
      sourceOrderId: 'A',
      modality: 'CT',
      bodyPart: 'Chest',
      dueFrom: '2026-09-01',
      dueTo: item.dueTo,
      status: item.status,
      createdBy: 'U-stats',
      createdByName: 'Dr Stats',
    })
}
