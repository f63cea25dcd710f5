/** `laterality` cases: the order's side against the report's, and findings against impression. */
import { casesOf, hit, pass, STUDIES as S } from './table'

export const lateralityCases = casesOf('laterality', [
  // Positive: the other side of the order's own structure, asserted.
  hit('positive', S.kneeLeft, 'Right knee effusion.', 'block'),
  hit('positive', S.kneeLeft, 'Small joint effusion of the right knee.', 'block'),
  hit('positive', S.kneeLeft, 'Moderate right knee joint effusion.', 'block'),
  hit('positive', S.kneeLeft, 'Tear of the posterior horn of the right medial meniscus.', 'block'),
  hit('positive', S.kneeLeft, 'Rt knee: mild degenerative change.', 'block'),
  hit('positive', S.kneeLeft, 'R knee osteoarthritis.', 'block'),
  hit('positive', S.kneeLeft, 'Right-sided knee effusion.', 'block'),
  hit('positive', S.kneeRight, 'Left patellar tendinosis.', 'block'),
  hit('positive', S.kneeRight, 'Intact left anterior cruciate ligament.', 'block'),
  hit('positive', S.kneeL, 'Right knee: tricompartmental osteoarthritis.', 'block'),
  hit('positive', S.hipLeft, 'Right hip joint effusion.', 'block'),
  hit('positive', S.hipLeft, 'Labral tear of the right acetabulum.', 'block'),
  hit(
    'positive',
    S.shoulderRight,
    'Full-thickness tear of the left supraspinatus tendon.',
    'block',
  ),
  hit('positive', S.shoulderRight, 'Left shoulder: moderate glenohumeral effusion.', 'block'),
  hit('positive', S.wristLeft, 'Nondisplaced fracture of the right scaphoid waist.', 'block'),
  hit('positive', S.breastLeft, 'Right breast: scattered fibroglandular densities.', 'block'),
  hit('positive', S.kneeLeft, { impression: 'Right knee effusion.' }, 'block'),
  hit('positive', S.kneeLeft, { technique: 'Three views of the right knee.' }, 'block'),
  hit(
    'positive',
    S.kneeLeft,
    'The medial compartment is narrowed and there is a large right knee effusion.',
    'block',
  ),
  // Findings against impression (no side in the order).
  hit(
    'positive',
    S.chestCt,
    { findings: '6 mm nodule in the left upper lobe.', impression: 'Right upper lobe nodule.' },
    'warn',
  ),
  hit(
    'positive',
    S.renalUs,
    {
      findings: 'Mild left hydronephrosis of the left kidney.',
      impression: 'Right kidney hydronephrosis.',
    },
    'warn',
  ),
  hit(
    'positive',
    S.chestXr,
    { findings: 'Small left pleural effusion.', impression: 'Small right pleural effusion.' },
    'warn',
  ),
  hit(
    'positive',
    S.kneeLeft,
    'To evaluate for right knee effusion, a lateral view was added.',
    'block',
  ),
  hit(
    'positive',
    S.kneeLeft,
    { technique: 'History of right knee arthroplasty; three views.' },
    'block',
  ),
  // Negated: no side is asserted.
  pass('negated', S.kneeLeft, 'No right knee effusion.'),
  pass('negated', S.kneeLeft, 'No evidence of right knee fracture.'),
  pass('negated', S.kneeLeft, 'Right knee fracture is ruled out.'),
  pass('negated', S.hipLeft, 'Without right hip effusion.'),
  pass('negated', S.shoulderRight, 'Negative for left rotator cuff tear.'),
  pass('negated', S.chestXr, {
    findings: 'No left pleural effusion.',
    impression: 'Small right pleural effusion.',
  }),
  // Borderline: right when read closely.
  pass('borderline', S.kneeLeft, 'Left knee effusion.'),
  pass('borderline', S.kneeLeft, 'Moderate left knee joint effusion. Right hip not imaged.'),
  pass('borderline', S.kneeLeft, 'Compared with the right knee, the joint space is narrower.'),
  pass('borderline', S.kneeLeft, 'Right hip prosthesis partly seen.', {
    note: 'another structure on the other side may be true',
  }),
  pass('borderline', S.kneesBoth, 'Right knee effusion. Left knee normal.'),
  pass('borderline', S.kneesBoth, 'Bilateral knee osteoarthritis, worse on the right.'),
  pass('borderline', S.chestCt, 'Right lower lobe consolidation and left pleural effusion.'),
  pass('borderline', S.chestCt, 'Enlarged right heart chambers.'),
  pass('borderline', S.kneeLeft, { history: 'Prior right knee arthroplasty. Left knee pain.' }),
  pass('borderline', S.kneeLeft, { comparison: 'Right knee radiograph of 2024-03-01.' }),
  pass('borderline', S.kneeLeft, 'The contralateral right knee is not imaged.'),
  pass('borderline', S.kneeLeft, 'Left and right knee alignment symmetric on the standing view.'),
  pass('borderline', S.chestCt, {
    findings: 'Nodules in the right and left lower lobes.',
    impression: 'Bilateral lower lobe nodules.',
  }),
  pass('borderline', S.chestCt, {
    findings: 'Right upper lobe nodule. Left lower lobe scarring.',
    impression: 'Right upper lobe nodule.',
  }),
  hit('borderline', S.kneeLeft, 'Right lateral meniscus normal.', 'block', {
    note: 'a normal structure, but of the wrong side: the text was dictated for another knee',
  }),
  hit('borderline', S.kneeLeft, 'Effusion in the knee on the right.', 'block'),
  hit('borderline', S.kneeLeft, 'Osteoarthritis of the knee (right).', 'block'),
  hit('borderline', S.hipLeft, 'Findings: hip, right: small effusion.', 'block'),
  pass('borderline', S.kneeLeft, 'Effusion in the knee, right hip normal.'),
  pass('borderline', S.kneeLeft, 'Effusion in the knee on the left side.'),
  hit('borderline', S.kneeLeft, 'Joint effusion, right knee.', 'block'),
  hit('borderline', S.kneeLeft, 'Effusion of the knee joint on the right.', 'block', {
    known: 'missed',
    note: 'only a side right after the structure is read, not after the words that follow it',
  }),
  pass('borderline', S.abdomen, 'Left adrenal adenoma. Right kidney normal.'),
  pass('borderline', S.kneeLeft, 'Patient positioned in the left lateral decubitus position.'),
])
