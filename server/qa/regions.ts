/**
 * `body_part`: anatomy clearly foreign to the study ("lungs are clear" in a knee radiograph,
 * "liver" in a head CT), a sign of a dictation meant for another study. Always a warning.
 *
 * The study's region comes from its body part and description (STUDY_REGIONS, first match of each
 * pattern counts, several may). Each region lets in the regions such a study legitimately shows
 * (SHOWS: a chest CT shows the upper abdomen, the thyroid and the shoulders; an abdominal CT the
 * lung bases and the pelvis; a neck CT the lung apices; a lumbar spine the kidneys). A term of
 * REGION_TERMS (anatomy, and findings only one region has: "cardiomegaly", "splenomegaly") whose
 * regions all lie outside what the study shows is foreign. Whole-body studies
 * (PET, bone scan, skeletal survey, trauma) and unrecognised ones are not checked.
 *
 * Negation does not matter here: "no pleural effusion" in a knee report names the chest just the
 * same (a template of another study), so a negated mention is foreign too.
 */
import { excerptOf, findPhrases, phrases, wordSpan } from './text'
import type { CheckedSentence, Issue, QaStudy } from './types'

export type Region =
  | 'head'
  | 'neck'
  | 'chest'
  | 'abdomen'
  | 'pelvis'
  | 'spine'
  | 'upper_limb'
  | 'lower_limb'
  | 'breast'

const REGION_NAMES: Record<Region, string> = {
  head: 'the head',
  neck: 'the neck',
  chest: 'the chest',
  abdomen: 'the abdomen',
  pelvis: 'the pelvis',
  spine: 'the spine',
  upper_limb: 'the upper limb',
  lower_limb: 'the lower limb',
  breast: 'the breast',
}

const terms = (region: Region | Region[], list: readonly string[]) =>
  list.map((w) => [w, Array.isArray(region) ? region : [region]] as const)

const REGION_TERMS = phrases<readonly Region[]>([
  ...terms('head', ['brain', 'cerebral', 'cerebellum', 'cerebellar', 'intracranial']),
  ...terms('head', ['gray-white', 'basal ganglia', 'pons', 'midline shift', 'calvarium']),
  ...terms('head', ['pituitary', 'sella', 'lateral ventricles', 'fourth ventricle']),
  ...terms('head', ['paranasal sinuses', 'mastoid', 'mastoids', 'orbits']),
  ...terms('neck', ['thyroid', 'larynx', 'laryngeal', 'parotid', 'submandibular', 'vocal cords']),
  ...terms('chest', ['lung', 'lungs', 'pleural', 'pneumothorax', 'mediastinum', 'mediastinal']),
  ...terms('chest', ['hilar', 'cardiomediastinal', 'heart', 'pericardial', 'trachea']),
  ...terms('chest', ['bronchi', 'bronchial', 'upper lobe', 'lower lobe', 'middle lobe']),
  ...terms('chest', ['costophrenic', 'cardiac silhouette', 'pulmonary vasculature']),
  ...terms('abdomen', ['liver', 'hepatic', 'spleen', 'splenic', 'pancreas', 'pancreatic']),
  ...terms('abdomen', ['gallbladder', 'biliary', 'common bile duct', 'kidney', 'kidneys']),
  ...terms('abdomen', ['renal', 'adrenal', 'adrenals', 'stomach', 'duodenum', 'appendix']),
  ...terms('abdomen', ['small bowel', 'colon', 'mesenteric', 'ascites', 'hydronephrosis']),
  ...terms('abdomen', ['free intraperitoneal air', 'pneumoperitoneum']),
  ...terms('pelvis', ['urinary bladder', 'bladder', 'uterus', 'uterine', 'ovary', 'ovaries']),
  ...terms('pelvis', ['ovarian', 'prostate', 'seminal vesicles', 'rectum', 'endometrium']),
  ...terms('pelvis', ['endometrial', 'adnexa', 'adnexal', 'testis', 'testes', 'scrotum']),
  ...terms('pelvis', ['free fluid in the pelvis', 'cul-de-sac']),
  ...terms(['pelvis', 'lower_limb'], ['hip', 'hips', 'acetabulum', 'femoral head']),
  ...terms('lower_limb', ['knee', 'knees', 'patella', 'meniscus', 'menisci', 'tibia', 'tibial']),
  ...terms('lower_limb', ['fibula', 'ankle', 'calcaneus', 'talus', 'metatarsal', 'cruciate']),
  ...terms('lower_limb', ['achilles', 'popliteal', 'femur']),
  ...terms('upper_limb', ['shoulder', 'rotator cuff', 'glenohumeral', 'humerus', 'elbow']),
  ...terms('upper_limb', ['wrist', 'scaphoid', 'carpal', 'metacarpal', 'olecranon']),
  ...terms('spine', ['intervertebral disc', 'neural foramina', 'spinal canal', 'conus']),
  ...terms('spine', ['vertebral bodies', 'facet joints', 'spondylolisthesis']),
  ...terms('breast', ['breast', 'breasts', 'fibroglandular', 'nipple', 'birads', 'bi-rads']),
  // Findings that exist in one region only ("consolidation" does not: fractures consolidate).
  ...terms('head', ['hydrocephalus', 'ventriculomegaly']),
  ...terms('chest', ['cardiomegaly', 'pneumonia', 'atelectasis', 'pulmonary edema']),
  ...terms('abdomen', ['hepatomegaly', 'splenomegaly', 'cholelithiasis', 'cholecystitis']),
  ...terms('abdomen', ['appendicitis', 'diverticulitis', 'nephrolithiasis']),
])

/** Body part and description words -> the study's regions. */
const STUDY_REGIONS: readonly [RegExp, Region[]][] = [
  [/\b(head|brain|skull|sinus|sinuses|orbits?|face|facial|iac|pituitary)\b/i, ['head']],
  [/\b(neck|thyroid|carotid|soft tissue neck|larynx)\b/i, ['neck']],
  [/\b(chest|thorax|thoracic(?! spine)|lungs?|pulmonary|heart|cardiac|coronary)\b/i, ['chest']],
  [/\b(abdomen|abdominal|abd|liver|kidney|kidneys|renal|urogram|pancreas|mrcp)\b/i, ['abdomen']],
  [/\b(pelvis|pelvic|scrotal|scrotum|testicular|transvaginal|obstetric|prostate)\b/i, ['pelvis']],
  [/\b(uterus|ovarian|bladder)\b/i, ['pelvis']],
  [/\b(spine|spinal|c-spine|t-spine|l-spine|sacrum)\b/i, ['spine']],
  [/\b(shoulder|humerus|elbow|forearm|wrist|hand|finger|arm|upper extremity)\b/i, ['upper_limb']],
  [/\b(hip|femur|knee|tibia|fibula|ankle|foot|toe|leg|lower extremity)\b/i, ['lower_limb']],
  [/\b(breast|mammogra\w*)\b/i, ['breast']],
]

const WHOLE_BODY =
  /\b(whole body|pet|bone scan|skeletal survey|trauma|total body|chest abdomen and pelvis|cap)\b/i

/** What a study of each region legitimately shows, besides itself. */
const SHOWS: Record<Region, readonly Region[]> = {
  head: ['neck'],
  neck: ['head', 'chest', 'spine'],
  chest: ['neck', 'abdomen', 'spine', 'upper_limb', 'breast'],
  abdomen: ['chest', 'pelvis', 'spine'],
  pelvis: ['abdomen', 'spine', 'lower_limb'],
  spine: [],
  upper_limb: [],
  lower_limb: [],
  breast: ['chest'],
}

/** What a spine study shows depends on its level. */
function spineShows(text: string): Region[] {
  if (/\b(cervical|c-spine)\b/i.test(text)) return ['neck', 'head']
  if (/\b(thoracic|t-spine)\b/i.test(text)) return ['chest']
  if (/\b(lumbar|lumbosacral|l-spine|sacrum)\b/i.test(text)) return ['abdomen', 'pelvis']
  return ['neck', 'chest', 'abdomen', 'pelvis']
}

/** The regions a study shows, or null when it is whole-body or not recognised. */
export function studyRegions(study: QaStudy): Set<Region> | null {
  const text = `${study.body_part} ${study.study_description}`
  if (WHOLE_BODY.test(text)) return null
  const own = STUDY_REGIONS.filter(([pattern]) => pattern.test(text)).flatMap(([, r]) => r)
  if (own.length === 0) return null
  const shown = new Set<Region>(own)
  for (const region of own) {
    for (const other of region === 'spine' ? spineShows(text) : SHOWS[region]) shown.add(other)
  }
  // A shoulder or upper arm film shows the ribs and the lung apex; a hip film the pelvis.
  if (/\b(shoulder|clavicle|scapula|humerus)\b/i.test(text)) shown.add('chest')
  if (/\b(hip|hips)\b/i.test(text)) shown.add('pelvis')
  return shown
}

export function bodyPartIssues(study: QaStudy, sentences: readonly CheckedSentence[]): Issue[] {
  const shown = studyRegions(study)
  if (!shown) return []
  const issues: Issue[] = []
  for (const sentence of sentences) {
    if (sentence.section !== 'findings' && sentence.section !== 'impression') continue
    const foreign = findPhrases(sentence.words, REGION_TERMS).find((m) =>
      m.value.every((region) => !shown.has(region)),
    )
    if (!foreign) continue
    const [from, to] = wordSpan(sentence, foreign.start, foreign.end)
    const region = foreign.value[0]
    issues.push({
      code: 'body_part',
      severity: 'warn',
      section: sentence.section,
      message: `Anatomy of ${region ? REGION_NAMES[region] : 'another region'} in a ${study.body_part} study.`,
      excerpt: excerptOf(sentence, from, to),
    })
  }
  return issues
}
