/**
 * Synthetic patients and orders for load and scroll testing: drawn from the study catalogue so
 * each order still reads like something a referrer would write, for a patient it fits (no
 * prostate MRI for a woman, no lung cancer screening for a child).
 */
import type { Priority, Sex } from '../../contract'
import {
  STUDIES,
  fits,
  type Eligibility,
  type Indication,
  type Modality,
  type SeedStatus,
  type Study,
} from './catalogue'
import { DEMO_PATIENTS } from './data'
import type { Random } from './random'

const DEMO_NAMES = new Set(DEMO_PATIENTS.map((p) => `${p.firstName} ${p.lastName}`))

/** A comma-separated list, so long name lists stay readable and compact. */
const names = (list: string): readonly string[] =>
  list
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '')

const FEMALE_NAMES = names(`
  Emma, Olivia, Amelia, Chloe, Nadia, Fatou, Aaliyah, Mariam, Yasmin, Ayumi, Sakura,
  Ji-woo, Min-seo, Priyanka, Ananya, Deepa, Lakshmi, María, Carmen, Lucía, Valentina,
  Camila, Ximena, Ingrid, Astrid, Freya, Siobhan, Aoife, Niamh, Katarzyna, Agnieszka, Olga,
  Svetlana, Zeynep, Elif, Leila, Noura, Amina, Chiamaka, Ngozi, Adaeze, Abena, Akosua,
  Thandiwe, Nomvula, Hana, Linh, Mai, Thuy, Rebecca, Sarah, Miriam, Esther, Ruth, Dorothy,
  Evelyn, Joan, Barbara, Patricia, Gabriela, Isabel, Beatriz, Inês, Giulia, Francesca,
  Chiara, Greta, Leonie, Anneke, Sanne, Marta, Eva, Leilani, Aroha, Mere, Meera
`)

const MALE_NAMES = names(`
  Oliver, Jack, Henry, Arthur, Mohammed, Omar, Yusuf, Khalid, Hamza, Tariq, Kenji, Takeshi,
  Haruto, Min-jun, Seo-jun, Wei, Jun, Hao, Ravi, Vikram, Sanjay, Anil, Diego, Javier,
  Alejandro, Santiago, Mateus, João, Pedro, Luca, Marco, Giovanni, Lars, Erik, Magnus,
  Seán, Cian, Declan, Piotr, Marek, Andrei, Sergei, Mikhail, Emre, Mehmet, Chinedu, Obinna,
  Kofi, Kwabena, Sipho, Thabo, Minh, Duc, Tuan, David, Michael, Joseph, Samuel, Isaac,
  Walter, Harold, Frank, George, Raymond, Hugo, Louis, Pierre, Jan, Pieter, Tane, Koa
`)

const NEUTRAL_NAMES = names(`
  Alex, Jordan, Taylor, Sam, Robin, Charlie, Jamie, Rowan, Quinn, Avery
`)

const LAST_NAMES = names(`
  Smith, Johnson, Williams, Brown, Jones, García, Rodríguez, Hernández, López, González,
  Silva, Santos, Oliveira, Costa, Pereira, Rossi, Russo, Bianchi, Romano, Ferrari, Müller,
  Schmidt, Schneider, Fischer, Weber, Dubois, Lefebvre, Moreau, Laurent, Bernard, Nowak,
  Kowalczyk, Horvat, Novak, Yılmaz, Kaya, Demir, Öztürk, Khan, Ahmed, Ali, Hussain, Haddad,
  Nasser, Mansour, Cohen, Levi, Friedman, Patel, Sharma, Singh, Gupta, Reddy, Krishnan,
  Iyer, Nguyen, Tran, Le, Pham, Kim, Lee, Park, Choi, Wang, Li, Zhang, Liu, Chen, Tanaka,
  Suzuki, Takahashi, Watanabe, Okafor, Adeyemi, Okonkwo, Mensah, Boateng, Asante, Dlamini,
  Nkosi, Mokoena, Murphy, Kelly, O'Brien, Byrne, Walsh, Andersen, Nielsen, Johansson,
  Larsson, Virtanen, Korhonen, Jansen, de Vries, Bakker, Papadopoulos, Georgiou, Kealoha,
  Ngata, Walker, Thompson, Robinson, Clarke, Wright, Campbell
`)

interface HistoryItem extends Eligibility {
  text: string
  /** How common the item is among imaging patients, relative to the others. */
  weight: number
  /** At most one item of a group per patient, so a history never contradicts itself. */
  group?: string
}

type HistoryTraits = Eligibility & { group?: string }

// Prevalence classes: most histories are hypertension and diabetes, few are multiple sclerosis.
const common = (text: string, who: HistoryTraits = {}): HistoryItem => ({ text, weight: 6, ...who })
const some = (text: string, who: HistoryTraits = {}): HistoryItem => ({ text, weight: 2, ...who })
const rare = (text: string, who: HistoryTraits = {}): HistoryItem => ({ text, weight: 0.5, ...who })

const HISTORY: readonly HistoryItem[] = [
  common('Never smoker', { group: 'smoking', minAge: 18 }),
  some('Former smoker, 20 pack-years', { group: 'smoking', minAge: 35 }),
  some('Former smoker, 30 pack-years', { group: 'smoking', minAge: 45 }),
  some('Former smoker, 45 pack-years', { group: 'smoking', minAge: 55 }),
  some('Current smoker, 15 pack-years', { group: 'smoking', minAge: 30 }),
  rare('Current smoker, 35 pack-years', { group: 'smoking', minAge: 50 }),
  common('Type 2 diabetes mellitus', { group: 'diabetes', minAge: 30 }),
  some('Type 2 diabetes mellitus on insulin', { group: 'diabetes', minAge: 40 }),
  rare('Type 1 diabetes mellitus', { group: 'diabetes', minAge: 5 }),
  some('Prediabetes', { group: 'diabetes', minAge: 30 }),
  common('Hypertension', { minAge: 30 }),
  common('Hyperlipidemia', { minAge: 35 }),
  some('CKD stage 3 (eGFR 45)', { group: 'kidney', minAge: 45 }),
  some('CKD stage 3 (eGFR 52)', { group: 'kidney', minAge: 45 }),
  rare('CKD stage 4 (eGFR 25)', { group: 'kidney', minAge: 55 }),
  rare('End-stage renal disease on hemodialysis', { group: 'kidney', minAge: 40 }),
  some('Atrial fibrillation on apixaban', { group: 'anticoagulation', minAge: 50 }),
  rare('Atrial fibrillation on warfarin', { group: 'anticoagulation', minAge: 55 }),
  some('Coronary artery disease s/p PCI 2021', { group: 'heart', minAge: 40 }),
  rare('Coronary artery disease s/p CABG 2017', { group: 'heart', minAge: 50 }),
  rare('Heart failure with reduced ejection fraction', { group: 'heart', minAge: 45 }),
  rare('Prior ischemic stroke with mild left hemiparesis', { group: 'neuro', minAge: 45 }),
  some('COPD', { group: 'airways', minAge: 45 }),
  some('Asthma', { group: 'airways', minAge: 5 }),
  some('Obstructive sleep apnea on CPAP', { minAge: 25 }),
  some('Contrast allergy: hives (iodinated)', { group: 'allergy' }),
  some('Penicillin allergy: rash', { group: 'allergy' }),
  rare('Sulfa allergy: rash', { group: 'allergy' }),
  common('No known drug allergies', { group: 'allergy' }),
  rare('Right breast cancer s/p lumpectomy 2019', { group: 'cancer', sex: 'female', minAge: 35 }),
  rare('Left breast cancer s/p mastectomy 2015', { group: 'cancer', sex: 'female', minAge: 40 }),
  rare('Prostate cancer s/p prostatectomy 2020', { group: 'cancer', sex: 'male', minAge: 50 }),
  rare('Colon cancer s/p sigmoid colectomy 2021', { group: 'cancer', minAge: 40 }),
  rare('Hodgkin lymphoma in remission since 2018', { group: 'cancer', minAge: 18 }),
  rare('Melanoma excised from the back 2022', { group: 'cancer', minAge: 25 }),
  rare('Renal cell carcinoma s/p partial nephrectomy 2023', { group: 'cancer', minAge: 40 }),
  some('Hypothyroidism', { minAge: 14 }),
  some('Osteoporosis', { group: 'bone', sex: 'female', minAge: 55 }),
  some('Osteopenia', { group: 'bone', minAge: 45 }),
  some('Obesity, BMI 34', { group: 'weight', minAge: 18 }),
  rare('Obesity, BMI 41', { group: 'weight', minAge: 18 }),
  some('Gastroesophageal reflux disease', { minAge: 18 }),
  rare('Chronic hepatitis C, treated 2019', { group: 'liver', minAge: 25 }),
  rare('Cirrhosis, Child-Pugh A', { group: 'liver', minAge: 35 }),
  rare('HIV on antiretroviral therapy, viral load undetectable', { minAge: 18 }),
  rare('Rheumatoid arthritis on methotrexate', { group: 'immune', minAge: 25 }),
  rare('Crohn disease', { group: 'immune', minAge: 12 }),
  rare('Ulcerative colitis', { group: 'immune', minAge: 12 }),
  rare('Multiple sclerosis', { group: 'neuro', minAge: 18, maxAge: 70 }),
  rare('Epilepsy on levetiracetam', { group: 'neuro', minAge: 2 }),
  rare('Parkinson disease', { group: 'neuro', minAge: 55 }),
  some('Dementia', { group: 'neuro', minAge: 70 }),
  some('Depression', { minAge: 14 }),
  some('Benign prostatic hyperplasia', { sex: 'male', minAge: 50 }),
  some('Hysterectomy 2016', { group: 'surgery', sex: 'female', minAge: 40 }),
  some('Cholecystectomy 2018', { group: 'surgery', minAge: 20 }),
  some('Appendectomy in childhood', { group: 'surgery', minAge: 10 }),
  some('Right total knee arthroplasty 2021', { group: 'joint', minAge: 55 }),
  some('Left total hip arthroplasty 2019', { group: 'joint', minAge: 55 }),
  rare('Permanent pacemaker, MR-conditional', { minAge: 60 }),
  some('Gout', { sex: 'male', minAge: 35 }),
  common('Term birth, immunizations up to date', { group: 'birth', maxAge: 17 }),
  some('Born at 34 weeks, immunizations up to date', { group: 'birth', maxAge: 6 }),
  some('Mild intermittent asthma', { group: 'airways', maxAge: 17 }),
  some('Peanut allergy', { maxAge: 17 }),
  some('Atopic eczema', { maxAge: 17 }),
  some('Recurrent otitis media', { maxAge: 8 }),
  some('ADHD', { minAge: 5, maxAge: 17 }),
]

export interface SyntheticPatient {
  firstName: string
  lastName: string
  dateOfBirth: string
  sex: Sex
  history: string[]
}

const DAY_MS = 86_400_000
const HOUR_MS = 3_600_000

/** Ages of a general hospital's imaging patients: mostly adults, some children, many elderly. */
const AGE_BANDS = [
  { min: 1, max: 17, weight: 6 },
  { min: 18, max: 44, weight: 26 },
  { min: 45, max: 64, weight: 34 },
  { min: 65, max: 79, weight: 24 },
  { min: 80, max: 89, weight: 8 },
  { min: 90, max: 95, weight: 2 },
] as const

export function makeSyntheticPatient(random: Random, now: Date): SyntheticPatient {
  const roll = random.next()
  const sex: Sex = roll < 0.49 ? 'female' : roll < 0.98 ? 'male' : roll < 0.99 ? 'other' : 'unknown'
  const band = random.weighted(AGE_BANDS, (b) => b.weight)
  const age = random.int(band.min, band.max)
  // Born `age` years and 0-364 days ago, so the patient is exactly `age` today.
  const anniversary = Date.UTC(now.getUTCFullYear() - age, now.getUTCMonth(), now.getUTCDate())
  const dateOfBirth = new Date(anniversary - random.int(0, 364) * DAY_MS).toISOString().slice(0, 10)
  const firstNames = sex === 'female' ? FEMALE_NAMES : sex === 'male' ? MALE_NAMES : NEUTRAL_NAMES

  const history: string[] = []
  const groups = new Set<string>()
  const eligible = HISTORY.filter((item) => fits(item, age, sex))
  const wanted = random.int(2, 5)
  for (let tries = 0; history.length < wanted && tries < 40; tries++) {
    const item = random.weighted(eligible, (i) => i.weight)
    if (history.includes(item.text) || (item.group !== undefined && groups.has(item.group)))
      continue
    history.push(item.text)
    if (item.group !== undefined) groups.add(item.group)
  }
  let firstName = random.pick(firstNames)
  let lastName = random.pick(LAST_NAMES)
  // A stranger sharing a demo patient's name would make the demo story confusing.
  while (DEMO_NAMES.has(`${firstName} ${lastName}`)) {
    firstName = random.pick(firstNames)
    lastName = random.pick(LAST_NAMES)
  }
  return { firstName, lastName, dateOfBirth, sex, history }
}

export interface OrderCandidate {
  id: string
  sex: string
  age: number
  /** Orders the patient has already. */
  orders: number
}

export interface PlannedOrder {
  patientId: string
  modality: Modality
  bodyPart: string
  studyDescription: string
  priority: Priority
  status: SeedStatus
  indication: string
  orderedAt: Date
}

interface Choice {
  study: Study
  indication: Indication
  weight: number
}

const PRIORITY_WEIGHTS: readonly { priority: Priority; weight: number }[] = [
  { priority: 'stat', weight: 15 },
  { priority: 'urgent', weight: 25 },
  { priority: 'routine', weight: 60 },
]

/** How far back orders go, and how likely they are scanned already, by priority. */
const TIMING: Record<Priority, { minHours: number; maxHours: number; completed: number }> = {
  stat: { minHours: 0.1, maxHours: 12, completed: 0.8 },
  urgent: { minHours: 0.5, maxHours: 36, completed: 0.65 },
  routine: { minHours: 1, maxHours: 96, completed: 0.5 },
}

const studies: readonly Study[] = Object.values(STUDIES)
const CHOICES: readonly Choice[] = studies.flatMap((study) =>
  study.indications.map((indication) => ({
    study,
    indication,
    // A study's share of the day should not grow with the number of indications it lists.
    weight:
      study.weight / study.indications.filter((i) => i.priority === indication.priority).length,
  })),
)

const fitsChoice = (c: Choice, p: OrderCandidate) =>
  fits(c.study, p.age, p.sex) && fits(c.indication, p.age, p.sex)

/** Of two random patients, the one with fewer orders: spreads orders evenly without a sort. */
function lighterOfTwo(
  random: Random,
  patients: readonly OrderCandidate[],
  load: Map<string, number>,
) {
  const a = random.pick(patients)
  const b = random.pick(patients)
  return (load.get(a.id) ?? 0) <= (load.get(b.id) ?? 0) ? a : b
}

function choose(
  random: Random,
  patients: readonly OrderCandidate[],
  load: Map<string, number>,
): { patient: OrderCandidate; choice: Choice } {
  const { priority } = random.weighted(PRIORITY_WEIGHTS, (p) => p.weight)
  const atPriority = CHOICES.filter((c) => c.indication.priority === priority)
  // A toddler may fit nothing at some priority: try a few patients before giving up on it.
  for (let tries = 0; tries < 20; tries++) {
    const patient = lighterOfTwo(random, patients, load)
    const options = atPriority.filter((c) => fitsChoice(c, patient))
    if (options.length > 0) return { patient, choice: random.weighted(options, (c) => c.weight) }
  }
  const patient = lighterOfTwo(random, patients, load)
  const options = CHOICES.filter((c) => fitsChoice(c, patient))
  return {
    patient,
    choice: random.weighted(options.length > 0 ? options : CHOICES, (c) => c.weight),
  }
}

/** `n` orders for the given patients, oldest first. */
export function planSyntheticOrders(
  random: Random,
  patients: readonly OrderCandidate[],
  n: number,
  now: Date,
): PlannedOrder[] {
  const load = new Map(patients.map((p) => [p.id, p.orders]))
  const planned: PlannedOrder[] = []
  for (let i = 0; i < n; i++) {
    const { patient, choice } = choose(random, patients, load)
    load.set(patient.id, (load.get(patient.id) ?? 0) + 1)
    const { priority, text } = choice.indication
    const timing = TIMING[priority]
    const hoursAgo = random.between(timing.minHours, timing.maxHours)
    planned.push({
      patientId: patient.id,
      modality: choice.study.modality,
      bodyPart: choice.study.bodyPart,
      studyDescription: choice.study.description,
      priority,
      status: random.chance(timing.completed) ? 'completed' : 'scheduled',
      indication: text,
      orderedAt: new Date(Math.round((now.getTime() - hoursAgo * HOUR_MS) / 60_000) * 60_000),
    })
  }
  return planned.sort((a, b) => a.orderedAt.getTime() - b.orderedAt.getTime())
}
