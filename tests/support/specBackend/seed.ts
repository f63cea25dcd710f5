/**
 * The spec backend's own hospital: eight patients and twelve orders of mixed modality, body
 * part and priority, listed in no particular order (the SPA sorts). Written for this backend
 * alone; it shares nothing with the reference server's seed.
 */
import type { CanonicalSex } from './variants'

export type Priority = 'stat' | 'urgent' | 'routine'

export interface SeedPatient {
  id: number
  first_name: string
  last_name: string
  /** A calendar date, YYYY-MM-DD. */
  date_of_birth: string
  sex: CanonicalSex
  /** What a free-text registry holds, when it is not the plain word for `sex`. */
  sexText?: string
  /** Not in the spec: sent only when the backend is not minimal. */
  mrn: string
}

export interface SeedOrder {
  id: number
  patient_id: number
  status: string
  modality: string
  body_part: string
  study_description: string
  /** A string, not `Priority`: a broken entry carries one the spec does not know. */
  priority: string
  accession_number: string
  /** Not in the spec (sent only when not minimal), but what the patient summary is made of. */
  indication: string
  history: string[]
  referring_physician: string
  /** Minutes before the backend started that the order was placed. */
  orderedMinutesAgo: number
}

function patient(
  id: number,
  name: [string, string],
  date_of_birth: string,
  sex: CanonicalSex,
  mrn: string,
  sexText?: string,
): SeedPatient {
  const [first_name, last_name] = name
  return { id, first_name, last_name, date_of_birth, sex, mrn, ...(sexText ? { sexText } : {}) }
}

export const SEED_PATIENTS: readonly SeedPatient[] = [
  patient(1, ['Margaret', 'Okafor'], '1951-04-17', 'female', 'MRN-400117'),
  patient(2, ['Tomasz', 'Brennan'], '1968-11-02', 'male', 'MRN-400245'),
  patient(3, ['Aiyana', 'Lindqvist'], '1990-07-29', 'female', 'MRN-400318'),
  patient(4, ['Ravi', 'Castellano'], '1944-01-09', 'male', 'MRN-400402'),
  patient(5, ['Sam', 'Nakamura'], '2003-09-21', 'other', 'MRN-400577', 'intersex'),
  patient(6, ['Helga', 'Mbeki'], '1977-03-05', 'female', 'MRN-400631'),
  patient(7, ['Joaquin', 'Oduya'], '1959-12-14', 'male', 'MRN-400790'),
  patient(8, ['Kit', 'Farrow'], '1985-06-30', 'unknown', 'MRN-400866'),
]

/**
 * One order: [id, patient, priority, accession], [modality, body part, description],
 * indication, history, minutes ago.
 */
function order(
  [id, patient_id, priority, accession_number]: [number, number, string, string],
  [modality, body_part, study_description]: [string, string, string],
  indication: string,
  history: string[],
  orderedMinutesAgo: number,
): SeedOrder {
  return {
    id,
    patient_id,
    status: 'scheduled',
    modality,
    body_part,
    study_description,
    priority,
    accession_number,
    indication,
    history,
    referring_physician: 'Dr. E. Adeyemi',
    orderedMinutesAgo,
  }
}

export const SEED_ORDERS: readonly SeedOrder[] = [
  order(
    [1001, 2, 'routine', 'HX2611001'],
    ['XR', 'Chest', 'Chest 2 views PA and lateral'],
    'Chronic cough for 6 weeks',
    ['Ex-smoker, 30 pack-years', 'Hypertension'],
    300,
  ),
  order(
    [1002, 1, 'stat', 'HX2611002'],
    ['CT', 'Head', 'CT head without contrast'],
    'Sudden left-sided weakness, onset 40 minutes ago',
    ['Atrial fibrillation on apixaban', 'Type 2 diabetes', 'Prior TIA in 2019'],
    12,
  ),
  order(
    [1003, 3, 'urgent', 'HX2611003'],
    ['US', 'Pelvis', 'Transvaginal pelvic ultrasound'],
    'Right iliac fossa pain, positive pregnancy test',
    ['G1P0', 'Last menstrual period 7 weeks ago'],
    45,
  ),
  order(
    [1004, 4, 'routine', 'HX2611004'],
    ['MR', 'Lumbar spine', 'MRI lumbar spine without contrast'],
    'Low back pain radiating to the left leg',
    ['L4-L5 discectomy in 2012', 'Osteoarthritis'],
    1440,
  ),
  order(
    [1005, 6, 'stat', 'HX2611005'],
    ['CT', 'Chest', 'CT pulmonary angiogram'],
    'Pleuritic chest pain and tachycardia, D-dimer raised',
    ['Combined oral contraceptive', 'Long-haul flight last week'],
    20,
  ),
  order(
    [1006, 7, 'routine', 'HX2611006'],
    ['NM', 'Whole body', 'Bone scintigraphy'],
    'Staging, rising PSA',
    ['Prostate adenocarcinoma, Gleason 4+3', 'Radical prostatectomy 2021'],
    2880,
  ),
  order(
    [1007, 5, 'urgent', 'HX2611007'],
    ['XR', 'Wrist', 'Left wrist 3 views'],
    'Fall on outstretched hand, snuffbox tenderness',
    ['No previous fractures'],
    90,
  ),
  order(
    [1008, 8, 'routine', 'HX2611008'],
    ['MG', 'Breast', 'Bilateral screening mammogram'],
    'Screening',
    ['Mother had breast cancer at 52'],
    4320,
  ),
  order(
    [1009, 2, 'urgent', 'HX2611009'],
    ['CT', 'Abdomen and pelvis', 'CT abdomen and pelvis with contrast'],
    'Left lower quadrant pain and fever',
    ['Known sigmoid diverticulosis', 'Hypertension'],
    60,
  ),
  order(
    [1010, 1, 'urgent', 'HX2611010'],
    ['MR', 'Brain', 'MRI brain with diffusion'],
    'Follow-up of suspected right MCA infarct',
    ['Atrial fibrillation on apixaban', 'Type 2 diabetes'],
    30,
  ),
  order(
    [1011, 4, 'stat', 'HX2611011'],
    ['US', 'Abdomen', 'Ultrasound abdomen'],
    'Right upper quadrant pain, jaundice',
    ['Gallbladder in situ', 'Alcohol use disorder'],
    25,
  ),
  order(
    [1012, 3, 'routine', 'HX2611012'],
    ['XR', 'Knee', 'Right knee 2 views'],
    'Twisting injury playing football',
    ['Anterior cruciate ligament repair 2015'],
    600,
  ),
]

/** The entries `brokenEntry` adds: an unknown priority, and no id at all (id 0 stands for none). */
export const BROKEN_ORDERS: readonly SeedOrder[] = [
  order(
    [1901, 6, 'asap', 'HX9990001'],
    ['CT', 'Cervical spine', 'CT cervical spine'],
    'Neck pain after a collision',
    [],
    5,
  ),
  order([0, 7, 'stat', 'HX9990002'], ['XR', 'Pelvis', 'Pelvis AP'], 'Hip pain after a fall', [], 3),
]

/** Speech recognition hints per modality (POST /speech/phrases). */
export const PHRASES: Readonly<Record<string, readonly string[]>> = {
  CT: [
    'hypodensity',
    'hyperdensity',
    'Hounsfield units',
    'contrast enhancement',
    'pulmonary embolism',
  ],
  MR: ['T2 hyperintensity', 'diffusion restriction', 'FLAIR', 'gadolinium enhancement'],
  US: ['echogenic', 'anechoic', 'Doppler flow', 'sonographic Murphy sign'],
  XR: ['no acute fracture', 'joint effusion', 'cortical breach', 'consolidation'],
  NM: ['tracer uptake', 'photopenic', 'superscan'],
  MG: ['BI-RADS', 'microcalcifications', 'architectural distortion'],
}
