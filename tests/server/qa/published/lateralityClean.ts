/**
 * Held-out correct reports for `laterality`: the same studies reported on the right side, and
 * reports naming the other side legitimately (bilateral studies, comparisons, both sides in the
 * field, a negated or resolved finding).
 */
import { cleanAfter, phrasedAfter } from './sources'
import { clean, P, type PublishedInput } from './table'

export const lateralityClean: readonly PublishedInput[] = [
  // Correct reports: the right side, or the other side legitimately named.
  clean(
    P.xrKneeLeft,
    'Small left knee joint effusion. No fracture.',
    cleanAfter('sangwaiya2009', 'a left knee study reported on the left'),
  ),
  clean(
    P.xrKneeLeft,
    'Small suprapatellar effusion. No acute fracture or dislocation.',
    phrasedAfter('radreport', 'a knee radiograph with no side in the findings'),
  ),
  clean(
    P.xrKneeLeft,
    'Compared with the contralateral right knee on the standing view, the medial joint space is narrower.',
    cleanAfter('luetmer2013', 'a comparison with the other knee on a standing view'),
  ),
  clean(
    P.xrAnkleRight,
    'Soft tissue swelling over the lateral malleolus. No fracture.',
    phrasedAfter('radreport', 'an ankle radiograph with no side in the findings'),
  ),
  clean(
    P.xrWristLeft,
    'Impacted distal radius fracture with 10 degrees of dorsal angulation.',
    cleanAfter('luetmer2013', 'a wrist fracture without a side word'),
  ),
  clean(
    P.xrChest,
    {
      findings: 'Small right pneumothorax.',
      impression: 'Small right pneumothorax; chest tube recommended.',
    },
    cleanAfter('sangwaiya2009', 'findings and impression on the same side'),
  ),
  clean(
    P.xrChest,
    {
      findings: 'Right lower lobe consolidation and a small left pleural effusion.',
      impression: 'Right lower lobe pneumonia with small left effusion.',
    },
    cleanAfter(
      'luetmer2013',
      'two findings on two sides, each the same in findings and impression',
    ),
  ),
  clean(
    P.ctChest,
    {
      findings: 'Bilateral pleural effusions, larger on the right.',
      impression: 'Bilateral pleural effusions.',
    },
    cleanAfter('sangwaiya2009', 'a bilateral finding'),
  ),
  clean(
    P.ctChest,
    {
      findings: 'Nodules: 5 mm in the right upper lobe and 4 mm in the left lower lobe.',
      impression: 'Two small pulmonary nodules, right and left.',
    },
    cleanAfter('luetmer2013', 'nodules on both sides'),
  ),
  clean(
    P.usVeinsLeft,
    'The contralateral right common femoral vein shows a normal phasic waveform.',
    phrasedAfter('acrVenous', 'the contralateral common femoral vein of a unilateral study'),
  ),
  clean(
    P.usVeinsLeft,
    'Left common femoral, femoral and popliteal veins are compressible with normal flow. Right common femoral vein waveform is phasic, for comparison.',
    phrasedAfter('acrVenous', 'the other leg named for comparison'),
  ),
  clean(
    P.mrShoulderRight,
    'Intact rotator cuff. Small amount of fluid in the subacromial-subdeltoid bursa.',
    phrasedAfter('radreport', 'a shoulder MRI without a side word'),
  ),
  clean(
    P.mgBreastLeft,
    "Left breast: 1 cm spiculated mass at 2 o'clock, middle depth.",
    cleanAfter('basma2011', 'a left mammogram reported on the left'),
  ),
  clean(
    P.xrHipLeft,
    'Mild degenerative narrowing of both hip joints. No fracture.',
    cleanAfter('landau2015', 'both hips described on the AP pelvis'),
  ),
  clean(
    P.xrHipLeft,
    'Right total hip arthroplasty in expected position. Left hip: no fracture.',
    cleanAfter('landau2015', 'the other hip seen on the AP pelvis of a hip series'),
    'false alarm: QA-1 blocks any other-side hip in a hip series, though its AP pelvis shows both hips',
  ),
  clean(
    P.ctHead,
    {
      findings:
        'Acute right parietal subdural hematoma, 6 mm thick, with 3 mm of leftward midline shift.',
      impression: 'Acute right subdural hematoma with mild mass effect.',
    },
    cleanAfter('sangwaiya2009', 'findings and impression on the same side'),
  ),
  clean(
    P.mrBrain,
    { findings: 'Acute infarct in the left MCA territory.', impression: 'Acute left MCA infarct.' },
    cleanAfter('sangwaiya2009', 'findings and impression on the same side'),
  ),
  clean(
    P.usRenalF,
    {
      findings:
        'Right kidney 11 cm, no hydronephrosis. Left kidney 10.5 cm with a 2 cm simple cyst.',
      impression: 'Simple left renal cyst.',
    },
    cleanAfter('luetmer2013', 'a renal study naming both kidneys'),
  ),
  clean(
    P.ctStone,
    {
      findings: '4 mm calculus in the distal right ureter with mild right hydroureteronephrosis.',
      impression: 'Obstructing 4 mm distal right ureteral calculus.',
    },
    cleanAfter('luetmer2013', 'a stone on the same side in findings and impression'),
  ),
  clean(
    P.xrChest,
    {
      findings: 'No pneumothorax on the left. Small right apical pneumothorax.',
      impression: 'Small right apical pneumothorax.',
    },
    cleanAfter('sangwaiya2009', 'the other side named in a negation'),
  ),
  clean(
    P.xrChestPortable,
    {
      findings: 'Left chest tube in place; the left pneumothorax has resolved.',
      impression: 'No residual left pneumothorax.',
    },
    cleanAfter('luetmer2013', 'a resolved finding on the same side'),
  ),
  clean(
    P.xrKneeRight,
    'Right knee: tricompartmental osteoarthritis, most severe medially.',
    cleanAfter('sangwaiya2009', 'a right knee study reported on the right'),
  ),
  clean(
    P.xrHandsBoth,
    'Erosions of the right second and third MCP joints; left hand normal.',
    cleanAfter('landau2015', 'a bilateral study naming each side'),
  ),
  clean(
    P.usCarotids,
    'Right ICA: less than 50% stenosis. Left ICA: 50 to 69% stenosis.',
    phrasedAfter('radreport', 'a bilateral carotid study'),
  ),
  clean(
    P.mrBreasts,
    "Right breast: no suspicious enhancement. Left breast: 2.3 cm irregular enhancing mass at 3 o'clock.",
    cleanAfter('basma2011', 'a bilateral breast MRI naming each breast'),
  ),
  clean(
    P.xrChest,
    {
      findings: 'Right upper lobe opacity.',
      impression:
        'Right upper lobe opacity, likely pneumonia; follow-up radiograph after treatment.',
    },
    cleanAfter('quint2008', 'findings and impression on the same side'),
  ),
  clean(
    P.xrElbowRight,
    'Right elbow joint effusion with elevated anterior and posterior fat pads.',
    cleanAfter('sangwaiya2009', 'a right elbow study reported on the right'),
  ),
  clean(
    P.xrFootRight,
    'Fracture at the base of the fifth metatarsal, zone 1.',
    phrasedAfter('radreport', 'a foot radiograph without a side word'),
  ),
  clean(
    P.usBreastLeft,
    "At 10 o'clock, 3 cm from the nipple, a 6 mm circumscribed anechoic cyst.",
    cleanAfter('basma2011', 'a breast ultrasound without a side word'),
  ),
  clean(
    P.mrWristLeft,
    { technique: 'Prone, left arm overhead, dedicated wrist coil.' },
    phrasedAfter('radreport', 'the technique naming the imaged side'),
  ),
  clean(
    P.xrShoulderLeft,
    'The left acromioclavicular joint is intact.',
    cleanAfter('sangwaiya2009', 'a left shoulder study reported on the left'),
  ),
  clean(
    P.ctChest,
    {
      findings: 'Right hilar mass encasing the right mainstem bronchus.',
      impression: 'Right hilar mass, likely primary bronchogenic carcinoma.',
    },
    cleanAfter('luetmer2013', 'findings and impression on the same side'),
  ),
  clean(
    P.mrAnkleRight,
    'Partial tear of the anterior talofibular ligament; the calcaneofibular ligament is intact.',
    phrasedAfter('radreport', 'an ankle MRI without a side word'),
  ),
  clean(
    P.xrKneeLeft,
    'No fracture, dislocation or joint effusion. The left knee is normal.',
    cleanAfter('sangwaiya2009', 'a normal left knee'),
  ),
  clean(
    P.ctChestF,
    {
      findings: 'Left mastectomy. No axillary lymphadenopathy.',
      impression: 'Status post left mastectomy without evidence of recurrence.',
    },
    cleanAfter('basma2011', 'a surgical history on the same side in findings and impression'),
  ),
  clean(
    P.xrChest,
    {
      findings: 'Right-sided aortic arch.',
      impression: 'Right aortic arch, otherwise normal chest.',
    },
    cleanAfter('quint2008', 'a sided anatomic variant, the same in findings and impression'),
  ),
]
