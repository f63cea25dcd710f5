/**
 * Held-out `sex` and `body_part` cases: anatomy the patient's sex or the study cannot show (the
 * sex-discordant terms and wrong-template text that error reviews report), and correct reports
 * naming the same organs where they belong.
 */
import { after, cleanAfter, phrasedAfter } from './sources'
import { clean, error, P, publishedCasesOf } from './table'

export const publishedSexCases = publishedCasesOf('sex', [
  error(
    P.ctAbdomenF,
    'The prostate and seminal vesicles are unremarkable.',
    'block',
    after('minn2015', 'a male template sentence in a female patient'),
  ),
  error(
    P.ctAbdomenM,
    'The uterus and adnexa are unremarkable.',
    'block',
    after('minn2015', 'a female template sentence in a male patient'),
  ),
  error(
    P.mrPelvisM,
    'The ovaries are normal in size and signal.',
    'block',
    after('minn2015', 'ovaries reported in a male patient'),
  ),
  error(
    P.usRenalF,
    'The prostate measures 4.2 x 3.5 x 3.1 cm.',
    'block',
    after('minn2015', 'a prostate measured in a female patient'),
  ),
  error(
    P.usRenalM,
    'The uterus is seen posterior to the bladder.',
    'block',
    after('hawkins2012', 'a prepopulated sentence of the other sex left in'),
  ),
  error(
    P.ctAbdomenF,
    { impression: 'Benign prostatic hypertrophy.' },
    'block',
    after('minn2015', 'a male diagnosis in a female patient'),
  ),
  error(
    P.usAbdomenM,
    'Incidental note of a right ovarian cyst.',
    'block',
    after('minn2015', 'an ovarian finding in a male patient'),
  ),
  error(
    P.ctAbdomenM,
    'Small amount of free fluid in the cul-de-sac, posterior to the uterus.',
    'block',
    after('vosshenrich2021', 'female anatomy in a male patient'),
  ),
  error(
    P.mrLumbarF,
    'Incidental note of an enlarged prostate.',
    'block',
    after('minn2015', 'a male organ in a female patient'),
  ),
  error(
    P.ctAbdomenF,
    'Scrotal wall edema.',
    'block',
    after('minn2015', 'male anatomy in a female patient'),
  ),
  error(
    P.ctAbdomenM,
    'Intrauterine device in expected position.',
    'block',
    after('minn2015', 'a female device in a male patient'),
    'missed: "intrauterine device" is not in the sex list (only "intrauterine pregnancy" is)',
  ),
  error(
    P.xrKubF,
    'Phleboliths and calcifications projecting over the prostate.',
    'block',
    after('quint2008', 'a male organ in a female abdominal film'),
  ),
  error(
    P.mrPelvisM,
    { impression: 'Endometrial thickening; gynecologic correlation recommended.' },
    'block',
    after('minn2015', 'a female diagnosis in a male patient'),
  ),
  error(
    P.ctAbdomenF,
    'No prostatic enlargement.',
    'warn',
    after('minn2015', 'a negated male template sentence in a female patient'),
  ),

  clean(
    P.ctAbdomenM,
    'The prostate is mildly enlarged with central calcifications.',
    cleanAfter('minn2015', 'a prostate in a male patient'),
  ),
  clean(
    P.ctAbdomenF,
    'The uterus and ovaries are unremarkable.',
    phrasedAfter('radreport', 'a normal female pelvis'),
  ),
  clean(
    P.usPelvisF,
    'Uterus anteverted, 8.1 cm; endometrium 6 mm. Ovaries normal.',
    phrasedAfter('radreport', 'a normal pelvic ultrasound'),
  ),
  clean(
    P.mrProstate,
    'PI-RADS 4 lesion in the left peripheral zone of the prostate.',
    phrasedAfter('radreport', 'a prostate MRI'),
  ),
  clean(
    P.usScrotum,
    'Both testes are normal in size and echotexture.',
    phrasedAfter('radreport', 'a normal scrotal ultrasound'),
  ),
  clean(
    P.ctAbdomenF,
    'Status post hysterectomy. No pelvic mass.',
    cleanAfter('minn2015', 'a female patient after hysterectomy'),
  ),
  clean(
    P.ctAbdomenM,
    'Status post radical prostatectomy; no recurrence in the prostatectomy bed.',
    cleanAfter('minn2015', 'a male patient after prostatectomy'),
  ),
  clean(
    P.ctAbdomenUnknown,
    'Enlarged prostate indenting the bladder base.',
    cleanAfter('minn2015', 'a patient whose sex is not recorded'),
  ),
  clean(
    P.ctChestF,
    'Bilateral subpectoral breast implants.',
    cleanAfter('minn2015', 'breasts, which both sexes have'),
  ),
  clean(
    P.ctChest,
    'Mild bilateral gynecomastia.',
    cleanAfter('minn2015', 'gynecomastia in a male patient'),
  ),
  clean(
    P.ctAbdomenF,
    'The urinary bladder is decompressed.',
    phrasedAfter('radreport', 'an organ both sexes have'),
  ),
  clean(
    P.mrPelvisF,
    'Enlarged fibroid uterus; the largest fibroid measures 4 cm in the fundus.',
    cleanAfter('minn2015', 'a uterus in a female patient'),
  ),
  clean(
    P.usRenalF,
    'The urinary bladder is normal; no ureteroceles.',
    phrasedAfter('radreport', 'a normal bladder'),
  ),
  clean(
    P.ctAbdomenM,
    'Small fat-containing left inguinal hernia; both testes are in the scrotum.',
    cleanAfter('minn2015', 'male anatomy in a male patient'),
  ),
])

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
