/**
 * Why a follow-up is recommended (FU-4): the finding a sentence names, briefly ('pulmonary
 * nodule', 'thyroid nodule', 'adrenal incidentaloma'), with at most two of the words before it
 * that say where or what kind it is; '' when none is named.
 */

const HEADS =
  'nodules?|masse?s?|lesions?|cysts?|incidentalomas?|adenomas?|opacit(?:y|ies)|consolidations?|aneurysms?|lymphadenopathy|adenopathy|lymph nodes?|nodes?|thickening|polyps?|calcifications?|hemangiomas?|infiltrates?|effusions?|dilatation|dilation|ectasia|enlargement|collections?|hematomas?|pneumonia|atelectasis|stenosis|thrombus|hernia|tumou?rs?|neoplasms?|carcinoma|malignancy|abnormalit(?:y|ies)|densit(?:y|ies)|focus|foci|asymmetry|distortion|fractures?|tears?|hydronephrosis|fibroids?|cystadenoma|ipmn|endometrioma|bi-?rads \\d\\w?|lu-?rads \\d\\w?|ti-?rads \\w+|bosniak \\w+'

const MODIFIERS = new Set([
  'pulmonary',
  'lung',
  'thyroid',
  'adrenal',
  'renal',
  'kidney',
  'hepatic',
  'liver',
  'pancreatic',
  'ovarian',
  'adnexal',
  'breast',
  'splenic',
  'cystic',
  'solid',
  'part-solid',
  'subsolid',
  'ground-glass',
  'ground',
  'glass',
  'complex',
  'indeterminate',
  'enhancing',
  'hypoattenuating',
  'hypodense',
  'hyperechoic',
  'hypoechoic',
  'spiculated',
  'aortic',
  'abdominal',
  'thoracic',
  'mediastinal',
  'hilar',
  'axillary',
  'pleural',
  'lobar',
  'nodular',
  'endometrial',
  'gallbladder',
  'bladder',
  'prostate',
  'pituitary',
  'incidental',
  'perifissural',
  'calcified',
  'noncalcified',
  'non-calcified',
  'sclerotic',
  'lytic',
  'osseous',
  'bone',
  'retroperitoneal',
  'pelvic',
  'cervical',
  'lymph',
  'soft',
  'tissue',
  'persistent',
  'new',
  'enlarging',
  'small',
  'bilateral',
  'multiple',
  'wall',
  'biliary',
  'intrahepatic',
  'ductal',
  'white',
  'matter',
  'subdural',
  'simple',
  'hemorrhagic',
  'meniscal',
  'occult',
  'nondisplaced',
  'scaphoid',
])

const FINDING = new RegExp(`\\b(?:([\\w-]+)\\s+)?(?:([\\w-]+)\\s+)?(${HEADS})\\b`, 'i')

/** The first finding `text` names, with its kind, lower case; '' when none. */
export function reasonIn(text: string): string {
  const m = FINDING.exec(text)
  if (!m?.[3]) return ''
  const words = [m[1], m[2]].filter((w): w is string => w !== undefined)
  // Keep the modifiers that run up to the head, dropping any word before a non-modifier.
  const kept: string[] = []
  for (const word of words) {
    if (MODIFIERS.has(word.toLowerCase())) kept.push(word.toLowerCase())
    else kept.length = 0
  }
  return [...kept, m[3].toLowerCase()].join(' ')
}
