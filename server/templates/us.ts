/** Normal ultrasound templates, written for Readout. */
import { template } from './define'

export const US_TEMPLATES = [
  template(
    'us-abdomen-complete',
    'US Abdomen complete, normal',
    'US',
    'abdomen',
    {
      technique: 'Greyscale and colour Doppler ultrasound of the abdomen.',
      findings:
        'Liver [size] cm, normal echotexture without focal lesion. Gallbladder without stones, wall thickening or pericholecystic fluid. Common bile duct [size] mm. Pancreas unremarkable where seen. Spleen [size] cm. Right kidney [size] cm and left kidney [size] cm without hydronephrosis. Abdominal aorta normal in calibre. No ascites.',
      impression: 'Normal abdominal ultrasound.',
    },
    ['complete'],
  ),
  template(
    'us-ruq',
    'US Abdomen right upper quadrant, normal',
    'US',
    'abdomen',
    {
      technique: 'Greyscale and colour Doppler ultrasound of the right upper quadrant.',
      findings:
        'Liver normal in echotexture without focal lesion. Gallbladder without stones, sludge or wall thickening; sonographic Murphy sign [negative]. Common bile duct [size] mm. No intrahepatic biliary dilatation. Right kidney unremarkable.',
      impression: 'No sonographic evidence of cholecystitis or biliary obstruction.',
    },
    ['right', 'upper', 'quadrant', 'limited', 'ruq'],
  ),
  template(
    'us-appendix',
    'US Appendix, normal',
    'US',
    'abdomen',
    {
      technique: 'Graded compression ultrasound of the right lower quadrant.',
      findings:
        'The appendix is [seen, compressible and [size] mm in diameter/not seen]. No periappendiceal fluid or inflamed fat. No right lower quadrant collection. No enlarged mesenteric nodes.',
      impression: 'No sonographic evidence of appendicitis.',
    },
    ['appendix'],
  ),
  template(
    'us-aorta',
    'US Aorta screening, normal',
    'US',
    'abdomen',
    {
      technique: 'Ultrasound of the abdominal aorta.',
      findings:
        'The abdominal aorta measures [size] cm at its widest (outer to outer wall), with no aneurysm.',
      impression: 'No abdominal aortic aneurysm.',
    },
    ['aorta', 'aneurysm'],
  ),
  template('us-renal', 'US Renal and bladder, normal', 'US', 'kidney', {
    technique: 'Ultrasound of both kidneys and the bladder.',
    findings:
      'Right kidney [size] cm and left kidney [size] cm, with normal cortical thickness and echogenicity. No hydronephrosis, calculus or mass. Bladder is [well distended] with a smooth wall; post-void residual [volume] mL.',
    impression: 'Normal renal and bladder ultrasound.',
  }),
  template('us-thyroid', 'US Thyroid, normal', 'US', 'thyroid', {
    technique: 'Greyscale and colour Doppler ultrasound of the thyroid and neck.',
    findings:
      'Right lobe [size] cm and left lobe [size] cm; isthmus [size] mm. Homogeneous echotexture with normal vascularity. No thyroid nodule. No abnormal cervical lymph node.',
    impression: 'Normal thyroid ultrasound.',
  }),
  template('us-pelvis', 'US Pelvis transabdominal and transvaginal, normal', 'US', 'pelvis', {
    technique: 'Transabdominal and transvaginal ultrasound of the pelvis.',
    findings:
      'Uterus [anteverted/retroverted], [size] cm, with a homogeneous myometrium. Endometrium [size] mm. Right ovary [size] cm and left ovary [size] cm with normal follicles and flow. No adnexal mass. No free fluid.',
    impression: 'Normal pelvic ultrasound.',
  }),
  template('us-scrotum', 'US Scrotum with Doppler, normal', 'US', 'scrotum', {
    technique: 'Greyscale and colour Doppler ultrasound of the scrotum.',
    findings:
      'Right testis [size] cm and left testis [size] cm with homogeneous echotexture and symmetric arterial and venous flow. Epididymides normal. No hydrocele, varicocele or mass.',
    impression: 'Normal scrotal ultrasound; no torsion.',
  }),
  template(
    'us-dvt-lower',
    'US Venous Doppler lower extremity, negative',
    'US',
    'leg',
    {
      technique:
        'Compression, colour and spectral Doppler ultrasound of the [left/right] leg veins.',
      findings:
        'Common femoral, femoral, profunda and popliteal veins are fully compressible with normal colour filling and phasic flow. Calf veins [compressible/not fully seen]. Contralateral common femoral vein flow is phasic.',
      impression: 'No deep vein thrombosis in the [left/right] leg.',
    },
    ['venous', 'doppler', 'dvt'],
  ),
  template(
    'us-carotid',
    'US Carotid Doppler bilateral, normal',
    'US',
    'neck',
    {
      technique:
        'Greyscale, colour and spectral Doppler ultrasound of both carotid and vertebral arteries.',
      findings:
        'Right ICA PSV [value] cm/s, EDV [value] cm/s; left ICA PSV [value] cm/s, EDV [value] cm/s. ICA/CCA ratio below 2 on both sides. [No/Minimal] plaque. Vertebral arteries show antegrade flow.',
      impression: 'No haemodynamically significant carotid stenosis (less than 50% on both sides).',
    },
    ['carotid'],
  ),
  template('us-breast', 'US Breast targeted, BI-RADS 1', 'US', 'breast', {
    technique:
      'Targeted ultrasound of the [left/right] breast at [clock position], [distance] cm from the nipple.',
    findings:
      'At the site of clinical concern there is normal fibroglandular tissue without mass, cyst or architectural distortion. Axilla: no abnormal lymph node.',
    impression: 'BI-RADS 1: negative.',
  }),
  template('us-liver-doppler', 'US Liver with Doppler, normal', 'US', 'liver', {
    technique: 'Greyscale and Doppler ultrasound of the liver.',
    findings:
      'Liver [size] cm with a smooth contour and normal echotexture; no focal lesion. Main portal vein patent with hepatopetal flow, velocity [value] cm/s. Hepatic veins patent with phasic flow. Hepatic artery RI [value]. Spleen [size] cm. No ascites.',
    impression: 'Normal liver with patent hepatic vasculature.',
  }),
]
