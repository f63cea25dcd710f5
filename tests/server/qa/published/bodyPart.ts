/**
 * Held-out `body_part` cases: anatomy the study cannot show (template text of another study left
 * in, a sentence dictated into the wrong report), and correct reports naming what a study does
 * show at its edges.
 */
import { after, cleanAfter, phrasedAfter } from './sources'
import { clean, error, P, publishedCasesOf } from './table'

export const publishedBodyPartCases = publishedCasesOf('body_part', [
  error(
    P.xrKneeLeft,
    'The lungs are clear. No pleural effusion.',
    'warn',
    after('hawkins2012', 'a chest template left in a knee report'),
  ),
  error(
    P.ctHead,
    'The liver, spleen and pancreas are unremarkable.',
    'warn',
    after('hawkins2012', 'an abdominal template sentence in a head CT'),
  ),
  error(
    P.xrChest,
    'The ventricles and sulci are normal for age.',
    'warn',
    after('vosshenrich2021', 'brain anatomy dictated into a chest film'),
    'missed: "ventricles" are the heart\'s too, and "sulci" is no region term',
  ),
  error(
    P.usThyroid,
    'The gallbladder contains multiple shadowing stones.',
    'warn',
    after('quint2008', 'abdominal text in a thyroid ultrasound'),
  ),
  error(
    P.mrLumbarM,
    'Heart size is normal. The mediastinum is not widened.',
    'warn',
    after('hawkins2012', 'a chest template sentence in a lumbar spine MRI'),
  ),
  error(
    P.xrAnkleRight,
    { impression: 'No acute cardiopulmonary process.' },
    'warn',
    after('hawkins2012', 'a chest impression left in an ankle report'),
    'missed: "cardiopulmonary" is no region term',
  ),
  error(
    P.ctAbdomenM,
    'No intracranial hemorrhage or mass effect.',
    'warn',
    after('vosshenrich2021', 'a head CT sentence in an abdominal CT'),
  ),
  error(
    P.mrBrain,
    'Both kidneys are normal in size.',
    'warn',
    after('ringler2017', 'renal text in a brain MRI'),
  ),
  error(
    P.usBreastLeft,
    'The appendix is not visualized.',
    'warn',
    after('quint2008', 'abdominal text in a breast ultrasound'),
  ),
  error(
    P.xrHandLeft,
    'Normal cardiomediastinal silhouette.',
    'warn',
    after('hawkins2012', 'a chest template sentence in a hand film'),
  ),
  error(
    P.ctNeck,
    'Mild splenomegaly, 14 cm.',
    'warn',
    after('vosshenrich2021', 'an abdominal finding in a neck CT'),
  ),
  error(
    P.mrKneeRight,
    'The thyroid gland is homogeneous.',
    'warn',
    after('ringler2017', 'neck text in a knee MRI'),
  ),

  clean(
    P.ctChest,
    'Visualized upper abdomen: small hepatic cyst.',
    phrasedAfter('radreport', 'the upper abdomen a chest CT shows'),
  ),
  clean(
    P.ctAbdomenM,
    'Lung bases clear.',
    phrasedAfter('radreport', 'the lung bases an abdominal CT shows'),
  ),
  clean(
    P.mrShoulderRight,
    'The visualized right lung apex is clear.',
    cleanAfter('hawkins2012', 'the lung apex a shoulder study shows'),
  ),
  clean(
    P.ctCervical,
    'Thyroid is unremarkable.',
    phrasedAfter('radreport', 'the thyroid a cervical spine CT shows'),
  ),
  clean(
    P.xrLumbar,
    'Vascular calcifications of the abdominal aorta.',
    cleanAfter('hawkins2012', 'the aorta a lumbar spine film shows'),
  ),
  clean(
    P.xrKneeLeft,
    'Vascular calcifications in the popliteal artery.',
    cleanAfter('hawkins2012', 'vessels a knee film shows'),
  ),
  clean(
    P.ctHead,
    'The visualized paranasal sinuses and mastoid air cells are clear.',
    phrasedAfter('radreport', 'the sinuses and mastoids a head CT shows'),
  ),
  clean(
    P.xrChest,
    'Surgical clips in the right upper quadrant from cholecystectomy.',
    cleanAfter('hawkins2012', 'the upper abdomen a chest film shows'),
  ),
  clean(
    P.mrLumbarF,
    'Incidental left renal cyst.',
    cleanAfter('hawkins2012', 'the kidneys a lumbar spine MRI shows'),
  ),
  clean(
    P.xrKubM,
    'Lung bases are clear.',
    cleanAfter('hawkins2012', 'the lung bases an abdominal film shows'),
  ),
  clean(
    P.ctNeck,
    'Mild centrilobular emphysema at the imaged lung apices.',
    phrasedAfter('radreport', 'the lung apices a neck CT shows'),
  ),
  clean(
    P.usAbdomenM,
    'No pleural effusion at either lung base.',
    cleanAfter('hawkins2012', 'the pleural spaces an abdominal ultrasound looks at'),
  ),
])
