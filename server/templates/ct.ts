/** Normal CT templates, written for Readout. */
import { template } from './define'

export const CT_TEMPLATES = [
  template(
    'ct-head-noncontrast',
    'CT Head without contrast, normal',
    'CT',
    'head',
    {
      technique:
        'Axial CT images of the head from the skull base to the vertex without IV contrast.',
      findings:
        'No intracranial haemorrhage, mass effect or midline shift. Grey-white matter differentiation is preserved; no established territorial infarct. Ventricles and sulci are [normal/age-appropriate] in size. Basal cisterns are patent. No extra-axial collection. Calvarium intact. Visualised paranasal sinuses and mastoid air cells are clear.',
      impression: 'No acute intracranial abnormality.',
    },
    ['head', 'without', 'noncontrast'],
  ),
  template(
    'cta-head-neck',
    'CTA Head and Neck, normal',
    'CT',
    'neck',
    {
      technique:
        'CT angiography from the aortic arch to the vertex after [volume] mL IV contrast, with multiplanar and MIP reformats.',
      findings:
        'Normal three-vessel aortic arch. Common, internal and external carotid arteries are patent without stenosis by NASCET criteria or dissection. Vertebral arteries are patent, [left/right/co]-dominant. Circle of Willis is patent without aneurysm, occlusion or vascular malformation. Non-vascular neck structures are unremarkable.',
      impression: 'No large vessel occlusion, significant stenosis, dissection or aneurysm.',
    },
    ['cta', 'angiography', 'head', 'neck'],
  ),
  template(
    'ct-cervical-spine',
    'CT Cervical Spine without contrast, normal',
    'CT',
    'cervical spine',
    {
      technique:
        'Axial CT of the cervical spine from the skull base to T2 with sagittal and coronal reformats.',
      findings:
        'Vertebral body heights and alignment are maintained. No fracture or subluxation. Craniocervical and atlantoaxial relationships are normal. Prevertebral soft tissues are not thickened. [Mild/No] degenerative change. Lung apices are clear.',
      impression: 'No acute fracture or malalignment of the cervical spine.',
    },
  ),
  template('ct-sinus', 'CT Sinus without contrast, normal', 'CT', 'sinus', {
    technique: 'Axial CT of the paranasal sinuses with coronal and sagittal bone reformats.',
    findings:
      'Paranasal sinuses are clear and well aerated. Ostiomeatal units are patent bilaterally. Nasal septum is [midline/deviated to the left/right]. No bony erosion. Orbits and skull base are unremarkable.',
    impression: 'No CT evidence of sinus disease.',
  }),
  template(
    'ct-neck-soft-tissue',
    'CT Neck soft tissue with contrast, normal',
    'CT',
    'neck',
    {
      technique:
        'Axial CT of the neck from the skull base to the thoracic inlet after IV contrast.',
      findings:
        'Pharynx and larynx are symmetric without mass. Parotid, submandibular and thyroid glands are unremarkable. No cervical lymphadenopathy by size criteria; largest node [size] mm at level [level]. Airway is patent. Vessels enhance normally.',
      impression: 'No neck mass or lymphadenopathy.',
    },
    ['soft', 'tissue', 'contrast'],
  ),
  template(
    'ct-chest-contrast',
    'CT Chest with contrast, normal',
    'CT',
    'chest',
    {
      technique: 'Axial CT of the chest after IV contrast, with lung and soft tissue windows.',
      findings:
        'Lungs are clear without nodule, consolidation or interstitial change. Airways are patent. No pleural effusion or pneumothorax. Heart is normal in size without pericardial effusion. Thoracic aorta and pulmonary arteries are normal in calibre. No mediastinal, hilar or axillary lymphadenopathy. Visualised upper abdomen unremarkable. No aggressive osseous lesion.',
      impression: 'No acute cardiopulmonary abnormality.',
    },
    ['with', 'iv'],
  ),
  template(
    'ct-chest-noncontrast',
    'CT Chest without contrast, normal',
    'CT',
    'chest',
    {
      technique: 'Axial CT of the chest without IV contrast, with lung and soft tissue windows.',
      findings:
        'Lungs are clear. No pulmonary nodule above [size] mm. No consolidation, interstitial abnormality or emphysema. No pleural effusion or pneumothorax. Heart size normal; [no/mild] coronary artery calcification. No lymphadenopathy within the limits of a non-contrast study. Bones unremarkable.',
      impression: 'No acute or significant abnormality in the chest.',
    },
    ['without', 'noncontrast'],
  ),
  template(
    'ct-chest-lung-screening',
    'CT Chest low-dose lung screening, negative',
    'CT',
    'chest',
    {
      technique:
        'Low-dose axial CT of the chest without IV contrast, thin-section reconstructions.',
      findings:
        'No pulmonary nodule, or only benign-appearing nodules ([describe]). No consolidation or mass. [No/Mild] centrilobular emphysema. [No/Mild] coronary artery calcification. No pleural effusion. Incidental findings: [none].',
      impression:
        'Lung-RADS [1/2]: negative / benign appearance. Continue annual screening in 12 months.',
    },
    ['screening', 'low-dose', 'lung', 'cancer'],
  ),
  template(
    'cta-chest-pe',
    'CTA Chest PE protocol, negative',
    'CT',
    'chest',
    {
      technique:
        'CT pulmonary angiography after [volume] mL IV contrast timed to the pulmonary arteries.',
      findings:
        'Contrast opacification of the pulmonary arteries is [adequate/suboptimal] to the [segmental/subsegmental] level. No filling defect to suggest pulmonary embolism. Main pulmonary artery is normal in calibre; RV/LV ratio below 1. Lungs clear. No pleural effusion. No other acute abnormality.',
      impression: 'No pulmonary embolism.',
    },
    ['cta', 'pe', 'pulmonary', 'embolism', 'angiography'],
  ),
  template(
    'cta-aorta-dissection',
    'CTA Chest Abdomen Pelvis aortic dissection protocol, negative',
    'CT',
    'chest',
    {
      technique:
        'Non-contrast and arterial phase CT angiography from the thoracic inlet to the femoral heads.',
      findings:
        'No intramural haematoma on the non-contrast images. No intimal flap, dissection or aneurysm; the aorta measures [size] cm at its widest. Branch vessels arise normally and are patent. No periaortic fluid. Visualised organs unremarkable.',
      impression: 'No acute aortic syndrome.',
    },
    ['cta', 'aortic', 'dissection', 'aorta'],
  ),
  template(
    'cta-abdomen-pelvis',
    'CTA Abdomen and Pelvis, normal',
    'CT',
    'abdomen',
    {
      technique:
        'Arterial phase CT angiography of the abdomen and pelvis with MIP and 3D reformats.',
      findings:
        'Abdominal aorta is normal in calibre without aneurysm or dissection. Coeliac, superior and inferior mesenteric and renal arteries are patent. Iliac arteries are patent with [no/mild] atherosclerotic calcification. No active contrast extravasation. Solid organs enhance normally.',
      impression: 'No acute vascular abnormality in the abdomen and pelvis.',
    },
    ['cta', 'angiography'],
  ),
  template(
    'ct-abdomen-pelvis-contrast',
    'CT Abdomen and Pelvis with contrast, normal',
    'CT',
    'abdomen',
    {
      technique: 'Axial CT of the abdomen and pelvis in the portal venous phase after IV contrast.',
      findings:
        'Liver, spleen, pancreas and adrenal glands are unremarkable. Gallbladder is [normal/surgically absent]; no biliary dilatation. Kidneys enhance symmetrically without hydronephrosis or mass. Bowel is normal in calibre without wall thickening; the appendix is [normal/not seen]. No free fluid or free air. No lymphadenopathy. Bladder and pelvic organs unremarkable. Lung bases clear. No aggressive bone lesion.',
      impression: 'No acute abnormality in the abdomen or pelvis.',
    },
    ['iv', 'contrast'],
  ),
  template(
    'ct-kub-stone',
    'CT Abdomen and Pelvis renal stone protocol, negative',
    'CT',
    'kidney',
    {
      technique: 'Low-dose axial CT of the abdomen and pelvis without IV contrast.',
      findings:
        'No renal, ureteric or bladder calculus. No hydronephrosis or hydroureter. No perinephric stranding. Visualised solid organs unremarkable without contrast. Appendix [normal/not seen]. No free fluid.',
      impression: 'No urolithiasis or obstructive uropathy.',
    },
    ['stone', 'renal', 'without', 'kub'],
  ),
  template(
    'ct-urogram',
    'CT Urogram, normal',
    'CT',
    'kidney',
    {
      technique: 'Non-contrast, nephrographic and excretory phase CT of the abdomen and pelvis.',
      findings:
        'No urinary tract calculus. Kidneys enhance symmetrically without mass. Collecting systems and ureters opacify fully without filling defect, stricture or dilatation. Bladder is smooth-walled without mass. No lymphadenopathy.',
      impression: 'Normal CT urogram.',
    },
    ['urogram'],
  ),
  template(
    'ct-liver-triple-phase',
    'CT Liver triple phase, normal',
    'CT',
    'liver',
    {
      technique: 'Non-contrast, late arterial and portal venous phase CT of the liver.',
      findings:
        'Liver is normal in size and contour without focal lesion; no arterial enhancement with washout. Portal and hepatic veins are patent. No biliary dilatation. Spleen is [size] cm. No ascites or varices.',
      impression: 'No focal liver lesion. LI-RADS not applicable / [LR-1].',
    },
    ['liver', 'triple', 'phase'],
  ),
  template('ct-lumbar-spine', 'CT Lumbar Spine without contrast, normal', 'CT', 'lumbar spine', {
    technique: 'Axial CT of the lumbar spine with sagittal and coronal reformats.',
    findings:
      'Five lumbar-type vertebrae. Vertebral body heights and alignment are maintained. No fracture. Disc spaces preserved; [no/mild] facet arthropathy. No significant canal or foraminal stenosis within the limits of CT. Paraspinal soft tissues unremarkable.',
    impression: 'No acute fracture of the lumbar spine.',
  }),
  template(
    'cta-coronary',
    'CTA Coronary arteries with calcium score, normal',
    'CT',
    'heart',
    {
      technique:
        'ECG-gated non-contrast calcium scoring and coronary CT angiography after [volume] mL IV contrast; heart rate [rate] bpm.',
      findings:
        'Agatston calcium score [score]. Coronary dominance: [right/left/co-dominant]. Left main, LAD, circumflex and right coronary arteries are without plaque or stenosis. Cardiac chambers normal in size. No pericardial effusion. Visualised lungs clear.',
      impression: 'No coronary artery disease (CAD-RADS 0).',
    },
    ['coronary', 'calcium', 'cta'],
  ),
  template('ct-wrist', 'CT Wrist without contrast, normal', 'CT', 'wrist', {
    technique: 'Axial CT of the [left/right] wrist with multiplanar bone reformats.',
    findings:
      'No fracture, including of the scaphoid. Carpal alignment is normal; distal radioulnar joint congruent. Joint spaces preserved. Soft tissues unremarkable.',
    impression: 'No fracture of the [left/right] wrist.',
  }),
]
