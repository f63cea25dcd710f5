/**
 * Held-out `sex` cases: anatomy of the other sex than the patient's recorded sex (the
 * sex-discordant terms and other-sex template text error reviews report), and correct reports
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
