/**
 * Held-out `laterality` errors: a one-sided study reported on the other side, and findings and
 * impression naming different sides of one finding, each written after the wrong-side errors the
 * laterality and speech-recognition literature reports (each case's source).
 */
import { after } from './sources'
import { error, P, type PublishedInput } from './table'

export const lateralityErrors: readonly PublishedInput[] = [
  // A one-sided study reported on the other side.
  error(
    P.xrKneeLeft,
    'Small right-sided effusion.',
    'block',
    after('sangwaiya2009', 'a left knee study reported with a right-sided effusion'),
  ),
  error(
    P.mrKneeLeft,
    'Complex tear of the posterior horn of the right medial meniscus.',
    'block',
    after('luetmer2013', 'wrong side in an MRI knee report'),
  ),
  error(
    P.xrAnkleRight,
    'Nondisplaced fracture of the left lateral malleolus.',
    'block',
    after('sangwaiya2009', 'the other ankle named in the findings'),
  ),
  error(
    P.xrWristLeft,
    'Impacted fracture of the right distal radius with dorsal angulation.',
    'block',
    after('luetmer2013', 'a wrist fracture on the side not imaged'),
  ),
  error(
    P.xrShoulderLeft,
    'Anterior dislocation of the right glenohumeral joint.',
    'block',
    after('sangwaiya2009', 'a dislocation reported on the other shoulder'),
  ),
  error(
    P.xrFootRight,
    'Fracture at the base of the left fifth metatarsal.',
    'block',
    after('landau2015', 'a foot fracture reported on the other side'),
  ),
  error(
    P.mrHipLeft,
    { impression: 'Right femoral head avascular necrosis, Ficat stage II.' },
    'block',
    after('luetmer2013', 'the impression naming the hip not imaged'),
  ),
  error(
    P.mrShoulderRight,
    'Left subscapularis tendinosis without tear.',
    'block',
    after('quint2008', 'a speech-recognition side substitution in a shoulder MRI'),
  ),
  error(
    P.usBreastLeft,
    "Right breast 2 o'clock, 4 cm from the nipple: 8 mm oval circumscribed hypoechoic mass.",
    'block',
    after('basma2011', 'a breast ultrasound reported on the other breast'),
  ),
  error(
    P.mgBreastRight,
    'In the left breast upper outer quadrant there is a 1.2 cm irregular mass.',
    'block',
    after('basma2011', 'a unilateral mammogram reported on the other breast'),
  ),
  error(
    P.xrElbowRight,
    'Elevated posterior fat pad on the left, suggesting an occult fracture.',
    'block',
    after('sangwaiya2009', 'a side written after the finding, the other elbow'),
  ),
  error(
    P.xrHandLeft,
    "Comminuted fracture of the right fifth metacarpal neck (boxer's fracture).",
    'block',
    after('landau2015', 'a hand fracture reported on the other hand'),
  ),
  error(
    P.usVeinsLeft,
    'Occlusive thrombus in the right common femoral and femoral veins.',
    'block',
    after('luetmer2013', 'a venous ultrasound reported on the leg not examined'),
  ),
  error(
    P.xrKneeRight,
    { impression: 'Moderate left knee osteoarthritis, predominantly medial.' },
    'block',
    after('sangwaiya2009', 'the impression of a right knee study naming the left knee'),
  ),
  error(
    P.mrAnkleRight,
    'Partial tear of the left anterior talofibular ligament.',
    'block',
    after('ringler2017', 'a side word substituted by speech recognition in an ankle MRI'),
  ),
  error(
    P.ctWristRight,
    'Minimally displaced fracture of the left triquetrum.',
    'block',
    after('luetmer2013', 'a carpal fracture on the side not scanned'),
  ),
  error(
    P.xrHipRight,
    'Subcapital fracture of the left femoral neck.',
    'block',
    after('landau2015', 'a right hip series for a fall reported with a left femoral neck fracture'),
  ),
  error(
    P.xrAnkleRight,
    'Soft tissue swelling over the left lateral malleolus.',
    'block',
    after('chang2011', 'a wrong side word in an extremity report'),
  ),
  error(
    P.mrKneeRight,
    'Bone contusion of the left lateral femoral condyle and posterolateral tibial plateau.',
    'block',
    after('luetmer2013', 'the other knee named in an MRI after a pivot injury'),
  ),
  error(
    P.xrShoulderLeft,
    { technique: 'Three views of the right shoulder.' },
    'block',
    after('sangwaiya2009', 'the technique naming the other shoulder'),
  ),
  error(
    P.mrWristLeft,
    'Central perforation of the right triangular fibrocartilage complex.',
    'block',
    after('quint2008', 'a side substitution in a wrist MRI'),
  ),
  error(
    P.xrFootRight,
    { impression: 'Left hallux valgus with first MTP joint osteoarthritis.' },
    'block',
    after('motyer2016', 'a wrong side word in the impression of a foot study'),
  ),
  error(
    P.usBreastLeft,
    { impression: 'BI-RADS 4: suspicious right breast mass; biopsy recommended.' },
    'block',
    after('basma2011', 'the impression of a left breast study naming the right breast'),
  ),
  error(
    P.xrKneeLeft,
    'Right tibial plateau fracture with 4 mm depression.',
    'block',
    after('landau2015', 'a knee fracture reported on the other knee'),
  ),
  error(
    P.xrWristLeft,
    'Dorsally angulated distal radial fracture on the right.',
    'block',
    after('luetmer2013', 'a side written after the finding, the wrist not imaged'),
  ),
  error(
    P.xrElbowRight,
    'Radial head fracture, left.',
    'block',
    after('chang2011', 'a side word at the end of a sentence, the other elbow'),
  ),
  // Findings and impression naming different sides of one finding.
  error(
    P.xrChest,
    {
      findings: 'Small right apical pneumothorax measuring 1.5 cm.',
      impression: 'Small left apical pneumothorax.',
    },
    'block',
    after('sangwaiya2009', 'findings and impression disagreeing on the side of a pneumothorax'),
  ),
  error(
    P.xrChestPortable,
    {
      findings: 'Moderate left pleural effusion with adjacent atelectasis.',
      impression: 'Moderate right pleural effusion.',
    },
    'block',
    after('luetmer2013', 'the impression contradicting the side of the findings'),
  ),
  error(
    P.ctChest,
    {
      findings: 'Spiculated 2.1 cm mass in the right upper lobe.',
      impression: 'Spiculated left upper lobe mass, suspicious for primary lung carcinoma.',
    },
    'block',
    after(
      'sangwaiya2009',
      'a lung mass on one side in the findings and the other in the impression',
    ),
  ),
  error(
    P.ctStone,
    {
      findings:
        'A 6 mm calculus at the left ureterovesical junction with moderate left hydronephrosis.',
      impression: 'Obstructing 6 mm right UVJ stone with moderate hydronephrosis.',
    },
    'block',
    after('luetmer2013', 'an obstructing stone on opposite sides in findings and impression'),
  ),
  error(
    P.ctHead,
    {
      findings: 'Acute left frontal subdural hematoma measuring 8 mm.',
      impression: 'Acute right subdural hematoma.',
    },
    'block',
    after('sangwaiya2009', 'an intracranial hematoma on opposite sides in findings and impression'),
  ),
  error(
    P.ctpa,
    {
      findings: 'Filling defects in the right lower lobe segmental arteries.',
      impression: 'Acute left lower lobe segmental pulmonary emboli.',
    },
    'block',
    after(
      'luetmer2013',
      'emboli on one side in the findings, the other in the impression, in other words',
    ),
    'missed: "filling defects" and "emboli" are two findings to QA-24, which matches a finding by its words',
  ),
  error(
    P.xrChest,
    { findings: 'Right lower lobe consolidation.', impression: 'Left lower lobe pneumonia.' },
    'block',
    after('quint2008', 'the impression naming the other lobe of the same finding, in other words'),
    'missed: "consolidation" and "pneumonia" are two findings to QA-24; the lung on two sides only warns (QA-1)',
  ),
  error(
    P.usRenalM,
    {
      findings: 'Right kidney: 10.8 cm, moderate hydronephrosis. Left kidney: 11 cm, normal.',
      impression: 'Moderate left hydronephrosis.',
    },
    'block',
    after(
      'sangwaiya2009',
      'hydronephrosis on one kidney in the findings and the other in the impression',
    ),
    'missed: the side is out of reach, a number and 4 words before "hydronephrosis"',
  ),
  error(
    P.ctChest,
    {
      findings: 'Displaced fractures of the left fifth through seventh ribs.',
      impression: 'Acute right rib fractures 5 to 7.',
    },
    'block',
    after('luetmer2013', 'rib fractures on opposite sides in findings and impression'),
  ),
  error(
    P.mrBrain,
    {
      findings: 'Acute infarct in the right MCA territory with restricted diffusion.',
      impression: 'Acute left MCA territory infarct.',
    },
    'block',
    after('sangwaiya2009', 'an infarct on opposite sides in findings and impression'),
  ),
  error(
    P.ctAbdomenM,
    {
      findings: '2.4 cm enhancing mass in the lower pole of the left kidney.',
      impression: 'Enhancing right renal mass concerning for renal cell carcinoma.',
    },
    'block',
    after('luetmer2013', 'a renal mass on opposite sides in findings and impression'),
  ),
  error(
    P.usScrotum,
    {
      findings: 'Left testis: enlarged and heterogeneous with absent intratesticular flow.',
      impression: 'Right testicular torsion.',
    },
    'block',
    after('minn2015', 'the impression naming the other testis than the findings'),
    'missed: the findings describe the torsion without naming it; the testis on two sides only warns (QA-1)',
  ),
  error(
    P.ctChest,
    {
      findings: 'Large left pneumothorax with rightward mediastinal shift.',
      impression: 'Large right tension pneumothorax.',
    },
    'block',
    after('sangwaiya2009', 'a tension pneumothorax on opposite sides in findings and impression'),
  ),
]
