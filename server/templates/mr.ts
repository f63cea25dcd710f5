/** Normal MR templates, written for Readout. */
import { template } from './define'

const joint = (side = '[left/right]') => `Multiplanar multisequence MRI of the ${side} `

export const MR_TEMPLATES = [
  template(
    'mr-brain',
    'MRI Brain, normal',
    'MR',
    'brain',
    {
      technique:
        'Multiplanar multisequence MRI of the brain including diffusion and susceptibility-weighted imaging, [without/before and after] IV gadolinium.',
      findings:
        'No restricted diffusion to suggest acute infarct. No haemorrhage, mass or mass effect. [No/A few scattered] nonspecific T2/FLAIR white matter foci. Ventricles and sulci are normal for age. No abnormal enhancement. Major intracranial flow voids are present. Pituitary, orbits and posterior fossa unremarkable.',
      impression: 'Normal MRI of the brain.',
    },
    ['brain'],
  ),
  template('mr-cervical-spine', 'MRI Cervical Spine, normal', 'MR', 'cervical spine', {
    technique:
      'Sagittal and axial T1 and T2-weighted MRI of the cervical spine [without/with] IV gadolinium.',
    findings:
      'Alignment maintained. Vertebral marrow signal normal. Cord is normal in calibre and signal. At each level from C2-3 to C7-T1 there is no significant disc protrusion, canal or foraminal stenosis. Craniocervical junction unremarkable.',
    impression: 'No cord compression or significant degenerative stenosis.',
  }),
  template('mr-lumbar-spine', 'MRI Lumbar Spine, normal', 'MR', 'lumbar spine', {
    technique:
      'Sagittal and axial T1 and T2-weighted MRI of the lumbar spine [without/with] IV gadolinium.',
    findings:
      'Alignment maintained; five lumbar-type vertebrae. Marrow signal normal. Conus ends at [level], normal in signal. From L1-2 to L5-S1 discs are of normal height and hydration without protrusion; no canal, lateral recess or foraminal stenosis. Facet joints unremarkable.',
    impression: 'No disc herniation or nerve root compression.',
  }),
  template('mr-knee', 'MRI Knee, normal', 'MR', 'knee', {
    technique: `${joint()}knee without contrast.`,
    findings:
      'Menisci: medial and lateral menisci intact without tear. Ligaments: ACL, PCL, MCL and lateral collateral complex intact. Extensor mechanism intact. Cartilage preserved in all compartments. No bone marrow oedema or fracture. [No/Small physiological] joint effusion. No Baker cyst.',
    impression: 'Normal MRI of the [left/right] knee.',
  }),
  template('mr-shoulder', 'MRI Shoulder, normal', 'MR', 'shoulder', {
    technique: `${joint()}shoulder without contrast.`,
    findings:
      'Supraspinatus, infraspinatus, subscapularis and teres minor tendons intact without tear or tendinosis. Long head of biceps in the groove and intact. Labrum intact within the limits of a non-arthrographic study. Acromioclavicular joint [normal/with mild degenerative change]. No subacromial bursal fluid. No marrow oedema.',
    impression: 'Normal MRI of the [left/right] shoulder.',
  }),
  template('mr-hip', 'MRI Hip, normal', 'MR', 'hip', {
    technique: `${joint()}hip and pelvis without contrast.`,
    findings:
      'No femoral head oedema, collapse or fracture. Labrum intact within the limits of a non-arthrographic study. Articular cartilage preserved. Gluteal and hamstring tendons intact. No joint effusion or bursitis. Sacroiliac joints unremarkable.',
    impression: 'Normal MRI of the [left/right] hip.',
  }),
  template('mr-wrist', 'MRI Wrist, normal', 'MR', 'wrist', {
    technique: `${joint()}wrist without contrast.`,
    findings:
      'No occult fracture or marrow oedema; the scaphoid is intact. Scapholunate and lunotriquetral ligaments intact. TFCC intact. Flexor and extensor tendons normal. No ganglion.',
    impression: 'Normal MRI of the [left/right] wrist.',
  }),
  template('mr-ankle', 'MRI Ankle, normal', 'MR', 'ankle', {
    technique: `${joint()}ankle without contrast.`,
    findings:
      'Anterior and posterior talofibular, calcaneofibular and deltoid ligaments intact. Achilles, peroneal, flexor and extensor tendons intact. Talar dome cartilage preserved; no osteochondral lesion. No marrow oedema or fracture. Sinus tarsi and plantar fascia unremarkable.',
    impression: 'Normal MRI of the [left/right] ankle.',
  }),
  template(
    'mr-prostate',
    'MRI Prostate, PI-RADS 1-2',
    'MR',
    'pelvis',
    {
      technique:
        'Multiparametric MRI of the prostate: T2, diffusion and dynamic contrast-enhanced imaging.',
      findings:
        'Prostate volume [volume] mL; PSA density [value]. No focal lesion of the peripheral zone with restricted diffusion. Transition zone shows [benign nodular hyperplasia/no abnormality]. Seminal vesicles and neurovascular bundles unremarkable. No pelvic lymphadenopathy or suspicious bone lesion.',
      impression: 'No clinically significant cancer suspected (PI-RADS [1/2]).',
    },
    ['prostate'],
  ),
  template(
    'mr-pelvis',
    'MRI Pelvis, normal',
    'MR',
    'pelvis',
    {
      technique: 'Multiplanar MRI of the pelvis before and after IV gadolinium.',
      findings:
        'Bladder unremarkable. [Uterus and ovaries/Prostate and seminal vesicles] are normal for age. No pelvic mass or collection. No lymphadenopathy. Pelvic bones and muscles normal.',
      impression: 'Normal MRI of the pelvis.',
    },
    ['pelvis'],
  ),
  template('mr-breast', 'MRI Breast bilateral, BI-RADS 1', 'MR', 'breast', {
    technique:
      'Bilateral breast MRI before and after IV gadolinium with subtraction and kinetic analysis.',
    findings:
      'Breast composition [a/b/c/d]; background parenchymal enhancement [minimal/mild]. No mass, non-mass enhancement or suspicious focus in either breast. Implants: [none]. No axillary lymphadenopathy.',
    impression: 'BI-RADS 1: negative. Recommend return to routine screening.',
  }),
  template('mr-liver', 'MRI Liver, normal', 'MR', 'liver', {
    technique:
      'MRI of the liver with in- and opposed-phase, diffusion and dynamic gadolinium imaging.',
    findings:
      'Liver normal in size without steatosis or iron deposition. No focal lesion. Portal and hepatic veins patent. Biliary tree not dilated. Spleen, pancreas and kidneys unremarkable within the field.',
    impression: 'No focal liver lesion.',
  }),
  template(
    'mrcp',
    'MRCP, normal',
    'MR',
    'abdomen',
    {
      technique:
        'MR cholangiopancreatography with heavily T2-weighted and contrast-enhanced sequences.',
      findings:
        'Common bile duct measures [size] mm without stone or stricture. Intrahepatic ducts are not dilated. Pancreatic duct normal in calibre without divisum. Gallbladder [normal/surgically absent]. Pancreas and liver unremarkable.',
      impression: 'No choledocholithiasis or biliary obstruction.',
    },
    ['mrcp', 'biliary'],
  ),
  template(
    'mr-enterography',
    'MR Enterography, no active inflammation',
    'MR',
    'abdomen',
    {
      technique:
        'MR enterography after oral contrast and IV gadolinium, with cine and diffusion imaging.',
      findings:
        'Small bowel well distended. No bowel wall thickening, hyperenhancement or restricted diffusion. No stricture, fistula or abscess. Mesentery unremarkable without engorged vasa recta. No lymphadenopathy.',
      impression: 'No MR evidence of active inflammatory bowel disease.',
    },
    ['enterography', 'bowel'],
  ),
  template('mr-cardiac', 'MRI Cardiac, normal', 'MR', 'heart', {
    technique: 'Cardiac MRI with cine, T2, perfusion and late gadolinium enhancement imaging.',
    findings:
      'Left ventricle normal in size; LVEF [value]%. Right ventricle normal in size; RVEF [value]%. No regional wall motion abnormality. No myocardial oedema. No late gadolinium enhancement. Valves unremarkable. No pericardial effusion.',
    impression: 'Normal cardiac MRI.',
  }),
]
