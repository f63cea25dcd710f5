/**
 * A report asserting a critical finding (an acute pulmonary embolism: signing it needs a
 * communication, CR-3) and a telephone call telling the referring physician of it, for server
 * tests of critical results.
 */
import type { CommunicationRequest, ReportSections } from '../../contract'

export const criticalSections: ReportSections = {
  history: 'Chest pain.',
  technique: 'CT angiography of the chest.',
  comparison: 'None.',
  findings: 'Filling defects in both lower lobe pulmonary arteries.',
  impression: 'Acute pulmonary embolism.',
}

export const phoneCall: CommunicationRequest = {
  recipient: 'Dr. Grace Hopper',
  role: 'Referring physician',
  method: 'phone',
  communicated_at: '2026-11-20T09:30:00.000Z',
  read_back: true,
}
