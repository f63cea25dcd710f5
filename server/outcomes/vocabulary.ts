/**
 * The words of exams, one vocabulary for a recommendation's exam (FU-1) and an order's (FU-*):
 * a modality as one code, a body part as the catalogue's lower-case words
 * (server/seed/catalogue.ts, server/integration/hl7/orderGroup.ts), so that "chest CT", "CT of the
 * thorax" and an HL7 order with modality CT and body site CHEST all read as CT chest.
 *
 * Decisions (FU-5):
 * - PET and PET/CT are NM: the catalogue files its PET/CT under NM, and an HL7 sender's PT reads
 *   as NM too, so a PET recommendation and a PET order meet whichever code the order carries.
 *   CR, DX, DR and every radiograph word are XR, as the HL7 reader does.
 * - A combined region is its first region, as the catalogue names its combined studies ("CT
 *   Abdomen and Pelvis" is abdomen, "CTA Chest Abdomen and Pelvis" is chest).
 * - A lung finding names the chest: a lobe ("right upper lobe"), a ground-glass, subsolid,
 *   part-solid or perifissural nodule, Lung-RADS and Fleischner.
 * - An organ without a study of its own in the catalogue reads as the region it is imaged in
 *   (adrenal, pancreas, spleen, bowel, gallbladder: abdomen; lung: chest; prostate, uterus,
 *   ovary, adnexa, bladder: pelvis); brain and head are one ('head'), as the same order is named
 *   either way by CT and MR.
 * Pure: no database, no clock.
 */

/** Modality words (read in any case) to codes. */
const MODALITY_WORDS: readonly (readonly [RegExp, string])[] = [
  [/\bpet[\s/-]*(?:ct|mri?)\b|\b(?:fdg[\s-]*)?pet\b|\bspect(?:[\s/-]*ct)?\b/i, 'NM'],
  [/\bnuclear medicine\b|\bscintigra\w*|\bbone scan\b|\buptake scan\b|\bhida\b/i, 'NM'],
  [/\bmammogra\w*|\btomosynthesis\b/i, 'MG'],
  [/\bmri\b|\bmra\b|\bmrcp\b|\bmagnetic resonance\b|\bmr\b/i, 'MR'],
  [/\bct\b|\bcta\b|\bcat scan\b|\bcomputed tomogra\w*|\bldct\b|\bhrct\b/i, 'CT'],
  [/\bultraso\w*|\bsonogra\w*|\bdoppler\b|\bduplex\b|\bechocardiogra\w*/i, 'US'],
  [/\bx[\s-]?rays?\b|\bradiogra\w*|\bcxr\b|\bplain films?\b|\bchest films?\b/i, 'XR'],
  // Codes that are also English words ("us", "Dr", "pt", "mg") count in capitals only.
  [/\bUS\b/, 'US'],
  [/\b(?:XR|CR|DX|DR)\b/, 'XR'],
  [/\b(?:NM|PT)\b/, 'NM'],
  [/\bMG\b/, 'MG'],
]

/** Where in `text` a modality is named first, and its code. */
export function modalityAt(text: string): { index: number; length: number; code: string } | null {
  let best: { index: number; length: number; code: string } | null = null
  for (const [pattern, code] of MODALITY_WORDS) {
    const m = pattern.exec(text)
    if (
      m &&
      (!best || m.index < best.index || (m.index === best.index && m[0].length > best.length))
    )
      best = { index: m.index, length: m[0].length, code }
  }
  return best
}

/**
 * An order's or a recommendation's modality as one code: 'CT', 'MR', 'US', 'XR', 'NM', 'MG'. An
 * order's code reads in any case ('ct', 'Us').
 */
export function canonicalModality(words: string): string | null {
  const text = words.trim()
  if (text === '') return null
  return (modalityAt(text) ?? modalityAt(text.toUpperCase()))?.code ?? null
}

/**
 * Body part phrases to the catalogue's words, most specific first: the earliest phrase of a text
 * names its region ("abdomen and pelvis" is abdomen), and at one place the longest wins
 * ("lumbar spine" before "spine").
 */
const BODY_PARTS: readonly (readonly [RegExp, string])[] = [
  [/\bcervical spine\b|\bc[\s-]spine\b/, 'cervical spine'],
  [/\bthoracic spine\b|\bt[\s-]spine\b/, 'thoracic spine'],
  [/\blumbar spine\b|\bl[\s-]spine\b|\blumbosacral spine\b/, 'lumbar spine'],
  [/\bwhole spine\b|\bentire spine\b|\bscoliosis\b/, 'whole spine'],
  [/\bwhole[\s-]body\b|\bskull base to (?:mid[\s-]?)?thigh\b/, 'whole body'],
  [
    /\bchest\b|\bthorax\b|\bthoracic\b|\blungs?\b|\bpulmonary\b|\bcxr\b|\b(?:upper|middle|lower) lobes?\b|\blingula\w*|\bground[\s-]glass\b|\b(?:sub|part[\s-])solid\b|\bperifissural\b|\blung-rads\b|\bfleischner\b/,
    'chest',
  ],
  [
    /\babdom[ei]n\w*|\badrenals?\b|\bpancrea\w*|\bspleen\b|\bsplenic\b|\bbowel\b|\bgallbladder\b|\bbiliary\b|\bmrcp\b|\baort\w*|\bappendix\b|\bkub\b|\benterography\b|\bright upper quadrant\b|\bruq\b/,
    'abdomen',
  ],
  [/\bliver\b|\bhepat\w*/, 'liver'],
  [/\bkidneys?\b|\brenal\b|\burogra\w*|\bnephr\w*/, 'kidney'],
  [
    /\bpelvi[cs]\b|\bprostat\w*|\buter\w*|\bovar\w*|\badnex\w*|\bendometri\w*|\bbladder\b|\btransvaginal\b|\bpelvis\b/,
    'pelvis',
  ],
  [/\bthyroid\b/, 'thyroid'],
  [/\bparathyroid\b|\bneck\b|\bcarotids?\b|\bcervical lymph\b/, 'neck'],
  [/\bbreasts?\b|\bmammogra\w*|\baxilla\w*/, 'breast'],
  [
    /\bbrain\b|\bhead\b|\bpituitary\b|\bintracranial\b|\bcranial\b|\borbits?\b|\binternal auditory\b/,
    'head',
  ],
  [/\bsinus\w*/, 'sinus'],
  [/\bheart\b|\bcardiac\b|\bcoronar\w*|\bmyocard\w*|\bechocardiogra\w*/, 'heart'],
  [/\bscrot\w*|\btestic\w*|\btestes\b|\btestis\b/, 'scrotum'],
  [/\bshoulders?\b/, 'shoulder'],
  [/\belbows?\b/, 'elbow'],
  [/\bwrists?\b/, 'wrist'],
  [/\bhands?\b/, 'hand'],
  [/\bhips?\b/, 'hip'],
  [/\bknees?\b/, 'knee'],
  [/\bankles?\b/, 'ankle'],
  [/\bfeet\b|\bfoot\b/, 'foot'],
  [/\blegs?\b|\blower extremit\w*/, 'leg'],
  [/\barms?\b|\bupper extremit\w*/, 'arm'],
  [/\bspine\b|\bspinal\b/, 'spine'],
]

/** Where in `text` a body part is named first, and its catalogue words. */
export function bodyPartAt(text: string): { index: number; length: number; part: string } | null {
  let best: { index: number; length: number; part: string } | null = null
  const lower = text.toLowerCase()
  for (const [pattern, part] of BODY_PARTS) {
    const m = pattern.exec(lower)
    if (
      m &&
      (!best || m.index < best.index || (m.index === best.index && m[0].length > best.length))
    )
      best = { index: m.index, length: m[0].length, part }
  }
  return best
}

/** A body part as the catalogue's lower-case words ('chest', 'abdomen', 'pelvis', 'head', ...). */
export function canonicalBodyPart(words: string): string | null {
  const text = words.trim()
  if (text === '') return null
  return bodyPartAt(text)?.part ?? null
}
