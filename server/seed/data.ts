/**
 * The demo worklist: fictional patients with the history a radiologist would want to know, and
 * the studies ordered for them over the last four days, each indication written to fit the
 * patient. Everything here is fixed, so every fresh database starts with the same worklist;
 * only `ordered_at` moves with the seeding time (see `hoursAgo`).
 */
import type { Priority, Sex } from '../../contract'
import { STUDIES, type Modality, type SeedStatus, type StudyCode } from './catalogue'
import { createRandom } from './random'

export interface DemoOrder {
  study: StudyCode
  priority: Priority
  status: SeedStatus
  /** Hours before the seeding time the order was placed. */
  hoursAgo: number
  indication: string
}

interface DemoPatientEntry {
  firstName: string
  lastName: string
  dateOfBirth: string
  sex: Sex
  history: string[]
  orders: DemoOrder[]
}

const order = (
  study: StudyCode,
  priority: Priority,
  status: SeedStatus,
  hoursAgo: number,
  indication: string,
): DemoOrder => ({ study, priority, status, hoursAgo, indication })

const ENTRIES: DemoPatientEntry[] = [
  {
    firstName: 'Margaret',
    lastName: "O'Connell",
    dateOfBirth: '1948-03-14',
    sex: 'female',
    history: [
      'Atrial fibrillation on apixaban',
      'Hypertension',
      'Osteoporosis',
      'Right total hip arthroplasty 2017',
    ],
    orders: [
      order(
        'ctHead',
        'stat',
        'completed',
        1.4,
        'Fall from standing, on apixaban; rule out intracranial hemorrhage',
      ),
      order(
        'ctCervicalSpine',
        'urgent',
        'completed',
        1.4,
        'Fall from standing with posterior neck pain, on apixaban; evaluate for fracture',
      ),
      order(
        'xrHipLeft',
        'urgent',
        'scheduled',
        1.1,
        'Fall with left hip pain, bearing weight with difficulty; evaluate for fracture',
      ),
    ],
  },
  {
    firstName: 'James',
    lastName: 'Whitfield',
    dateOfBirth: '1957-07-02',
    sex: 'male',
    history: [
      'Former smoker, 40 pack-years, quit 2015',
      'COPD GOLD 2',
      'Hypertension',
      '8 mm solid right upper lobe nodule on CT May 2026',
    ],
    orders: [
      order(
        'ctChestNoContrast',
        'routine',
        'scheduled',
        70,
        'Follow-up of 8 mm solid right upper lobe nodule, 6-month interval',
      ),
      order(
        'xrChest',
        'urgent',
        'completed',
        5.5,
        'Increasing dyspnea and purulent sputum in COPD; evaluate for pneumonia',
      ),
    ],
  },
  {
    firstName: 'Aisha',
    lastName: 'Rahman',
    dateOfBirth: '1991-11-23',
    sex: 'female',
    history: [
      'Combined oral contraceptive use',
      'Migraine without aura',
      'Long-haul flight 5 days ago',
    ],
    orders: [
      order(
        'ctaChestPe',
        'stat',
        'completed',
        0.8,
        'Acute shortness of breath, elevated D-dimer; evaluate for PE',
      ),
      order(
        'usLegVeinsLeft',
        'urgent',
        'scheduled',
        0.7,
        'Left calf swelling and pain after a long-haul flight; evaluate for DVT',
      ),
    ],
  },
  {
    firstName: 'Hiroshi',
    lastName: 'Tanaka',
    dateOfBirth: '1952-01-30',
    sex: 'male',
    history: [
      'Prostate adenocarcinoma, Gleason 4+3, radiation therapy 2021',
      'Rising PSA, 4.8 ng/mL',
      'Type 2 diabetes mellitus',
      'CKD stage 3 (eGFR 45)',
    ],
    orders: [
      order(
        'nmBoneScan',
        'routine',
        'scheduled',
        52,
        'Prostate cancer with rising PSA after radiation; evaluate for osseous metastases',
      ),
      order(
        'usRenal',
        'routine',
        'completed',
        49,
        'CKD stage 3 with declining eGFR; evaluate kidney size and hydronephrosis',
      ),
    ],
  },
  {
    firstName: 'Sofía',
    lastName: 'Martínez',
    dateOfBirth: '1979-05-09',
    sex: 'female',
    history: [
      'Right breast cancer s/p lumpectomy 2019',
      'Adjuvant radiation completed 2020',
      'On tamoxifen',
      'Hypothyroidism',
    ],
    orders: [
      order(
        'mrBreast',
        'routine',
        'scheduled',
        88,
        'Annual surveillance after right lumpectomy for breast cancer',
      ),
      order(
        'nmBoneScan',
        'routine',
        'completed',
        60,
        'History of breast cancer with new thoracic back pain; evaluate for metastases',
      ),
      order(
        'usPelvis',
        'routine',
        'scheduled',
        40,
        'Abnormal uterine bleeding on tamoxifen; evaluate endometrium',
      ),
    ],
  },
  {
    firstName: 'Oluwaseun',
    lastName: 'Adeyemi',
    dateOfBirth: '1998-08-17',
    sex: 'male',
    history: ['Sickle cell disease (HbSS)', 'Acute chest syndrome 2023', 'Cholecystectomy 2020'],
    orders: [
      order(
        'xrChestPortable',
        'stat',
        'completed',
        2.2,
        'Sickle cell disease with fever, chest pain and hypoxia; evaluate for acute chest syndrome',
      ),
      order(
        'mrHipLeft',
        'urgent',
        'scheduled',
        20,
        'Sickle cell disease with left hip pain for 3 weeks; evaluate for avascular necrosis',
      ),
    ],
  },
  {
    firstName: 'Liam',
    lastName: 'Fitzgerald',
    dateOfBirth: '2014-02-11',
    sex: 'male',
    history: ['Mild intermittent asthma', 'Term birth, immunizations up to date'],
    orders: [
      order(
        'usAppendix',
        'stat',
        'completed',
        1.8,
        'RLQ pain, vomiting and low-grade fever for 1 day; evaluate for appendicitis',
      ),
    ],
  },
  {
    firstName: 'Ingrid',
    lastName: 'Johansson',
    dateOfBirth: '1939-12-05',
    sex: 'female',
    history: [
      'Hypertension',
      'Mild cognitive impairment',
      'Osteoporosis on alendronate',
      'Lives alone',
    ],
    orders: [
      order(
        'xrHipRight',
        'stat',
        'completed',
        3.1,
        'Found on the floor at home, right leg shortened and externally rotated; evaluate for hip fracture',
      ),
      order(
        'ctHead',
        'urgent',
        'completed',
        3.0,
        'Unwitnessed fall with head strike, not anticoagulated; evaluate for intracranial injury',
      ),
      order(
        'xrChest',
        'urgent',
        'scheduled',
        2.6,
        'Preoperative evaluation before hip fracture fixation',
      ),
    ],
  },
  {
    firstName: 'Rajesh',
    lastName: 'Iyer',
    dateOfBirth: '1966-04-21',
    sex: 'male',
    history: [
      'Type 2 diabetes mellitus with peripheral neuropathy',
      'Coronary artery disease s/p PCI to LAD 2020',
      'Hyperlipidemia',
      'Former smoker, 20 pack-years',
    ],
    orders: [
      order(
        'nmMyocardialPerfusion',
        'routine',
        'scheduled',
        75,
        'Recurrent exertional chest pain after LAD stent; evaluate for ischemia',
      ),
      order(
        'xrFootRight',
        'urgent',
        'completed',
        9,
        'Diabetic ulcer under the first metatarsal head that probes to bone; evaluate for osteomyelitis',
      ),
    ],
  },
  {
    firstName: 'Mei',
    lastName: 'Chen',
    dateOfBirth: '1983-09-14',
    sex: 'female',
    history: ['Chronic hepatitis B on entecavir', 'Mother with hepatocellular carcinoma'],
    orders: [
      order(
        'usAbdomen',
        'routine',
        'completed',
        78,
        'Chronic hepatitis B; hepatocellular carcinoma surveillance',
      ),
      order(
        'mrLiver',
        'routine',
        'scheduled',
        30,
        'Chronic hepatitis B with new 1.4 cm segment 6 lesion on surveillance ultrasound; characterize',
      ),
    ],
  },
  {
    firstName: 'Dmitri',
    lastName: 'Volkov',
    dateOfBirth: '1971-10-03',
    sex: 'male',
    history: [
      'Alcohol-related cirrhosis, Child-Pugh A',
      'Alcohol use disorder, abstinent since 2022',
      'Esophageal varices s/p banding 2024',
    ],
    orders: [
      order(
        'ctLiver',
        'routine',
        'scheduled',
        66,
        'Cirrhosis with AFP rising to 45 ng/mL; evaluate for hepatocellular carcinoma',
      ),
      order(
        'usLiverDoppler',
        'urgent',
        'completed',
        14,
        'Cirrhosis with new ascites; evaluate portal vein patency',
      ),
    ],
  },
  {
    firstName: 'Fatima',
    lastName: 'Al-Sayed',
    dateOfBirth: '1988-06-28',
    sex: 'female',
    history: ['Pregnant, about 7 weeks by last menstrual period', 'G3P2', 'Cesarean section 2021'],
    orders: [
      order(
        'usPelvis',
        'stat',
        'completed',
        0.9,
        'Positive pregnancy test with vaginal bleeding and left pelvic pain; evaluate for ectopic pregnancy',
      ),
    ],
  },
  {
    firstName: 'Thomas',
    lastName: 'Müller',
    dateOfBirth: '1945-02-18',
    sex: 'male',
    history: [
      'Abdominal aortic aneurysm 4.6 cm on ultrasound 2025',
      'Former smoker, 50 pack-years',
      'Hypertension',
      'CKD stage 3 (eGFR 52)',
      'Right carotid endarterectomy 2019',
    ],
    orders: [
      order(
        'ctaAbdomenPelvis',
        'stat',
        'completed',
        0.6,
        'Known 4.6 cm abdominal aortic aneurysm with new back pain, hemodynamically stable; evaluate for rupture or leak',
      ),
      order(
        'xrChest',
        'routine',
        'completed',
        46,
        'Preoperative evaluation before endovascular aneurysm repair',
      ),
    ],
  },
  {
    firstName: 'Priya',
    lastName: 'Nair',
    dateOfBirth: '1995-03-07',
    sex: 'female',
    history: ['Relapsing-remitting multiple sclerosis on ocrelizumab', 'Left optic neuritis 2022'],
    orders: [
      order(
        'mrBrainContrast',
        'routine',
        'scheduled',
        92,
        'Relapsing-remitting multiple sclerosis on ocrelizumab; annual surveillance',
      ),
      order(
        'mrCervicalSpineContrast',
        'urgent',
        'scheduled',
        18,
        'Multiple sclerosis with new bilateral hand numbness; evaluate for active cord lesion',
      ),
    ],
  },
  {
    firstName: 'Kwame',
    lastName: 'Mensah',
    dateOfBirth: '1980-12-12',
    sex: 'male',
    history: [
      'Poorly controlled hypertension',
      'Obesity, BMI 36',
      'Obstructive sleep apnea on CPAP',
    ],
    orders: [
      order(
        'ctaAorta',
        'stat',
        'completed',
        0.4,
        'Sudden tearing chest pain radiating to the back, BP 210/120; rule out aortic dissection',
      ),
    ],
  },
  {
    firstName: 'Eleanor',
    lastName: 'Whitaker',
    dateOfBirth: '1954-08-25',
    sex: 'female',
    history: [
      'Right upper lobe adenocarcinoma, biopsy November 2026',
      'Former smoker, 30 pack-years',
      'COPD',
    ],
    orders: [
      order(
        'petCt',
        'routine',
        'scheduled',
        54,
        'Initial staging of biopsy-proven right upper lobe adenocarcinoma',
      ),
      order(
        'mrBrainContrast',
        'urgent',
        'completed',
        26,
        'Newly diagnosed lung adenocarcinoma; staging for brain metastases',
      ),
    ],
  },
  {
    firstName: 'Mateo',
    lastName: 'Rossi',
    dateOfBirth: '2005-04-14',
    sex: 'male',
    history: [
      'Left ACL reconstruction 2022',
      'Collegiate soccer player',
      'No known drug allergies',
    ],
    orders: [
      order(
        'xrKneeRight',
        'routine',
        'completed',
        80,
        'Right knee effusion after a soccer injury; exclude fracture before MRI',
      ),
      order(
        'mrKneeRight',
        'routine',
        'scheduled',
        44,
        'Pivoting injury playing soccer with effusion and instability; evaluate ACL and menisci',
      ),
    ],
  },
  {
    firstName: 'Lan',
    lastName: 'Nguyen',
    dateOfBirth: '1962-10-30',
    sex: 'female',
    history: [
      'Graves disease treated with radioiodine 2015',
      'Paroxysmal atrial fibrillation',
      'Osteopenia',
    ],
    orders: [
      order(
        'nmThyroid',
        'routine',
        'scheduled',
        58,
        'Recurrent hyperthyroidism with suppressed TSH; differentiate Graves disease from toxic nodular goiter',
      ),
      order(
        'usThyroid',
        'routine',
        'completed',
        61,
        'Palpable right thyroid nodule with recurrent hyperthyroidism',
      ),
    ],
  },
  {
    firstName: 'Robert',
    lastName: 'Kowalski',
    dateOfBirth: '1949-06-06',
    sex: 'male',
    history: [
      'Painless gross hematuria for 2 weeks',
      'Former smoker, 25 pack-years',
      'Benign prostatic hyperplasia',
      'Hypertension',
    ],
    orders: [
      order(
        'ctUrogram',
        'routine',
        'scheduled',
        36,
        'Painless gross hematuria in a former smoker; evaluate urinary tract',
      ),
      order(
        'usRenal',
        'routine',
        'completed',
        84,
        'Benign prostatic hyperplasia with elevated post-void residual; evaluate for hydronephrosis',
      ),
    ],
  },
  {
    firstName: 'Hannah',
    lastName: 'Goldberg',
    dateOfBirth: '1986-01-19',
    sex: 'female',
    history: [
      'BRCA1 mutation carrier',
      'Risk-reducing salpingo-oophorectomy 2024',
      'Mother with breast cancer at 42',
    ],
    orders: [
      order('mrBreast', 'routine', 'scheduled', 90, 'High-risk screening, BRCA1 carrier'),
      order(
        'usBreastLeft',
        'urgent',
        'completed',
        22,
        'Palpable left breast lump at 2 o’clock in a BRCA1 carrier',
      ),
    ],
  },
  {
    firstName: 'Arjun',
    lastName: 'Mehta',
    dateOfBirth: '1974-09-09',
    sex: 'male',
    history: ['Nephrolithiasis, calcium oxalate stones', 'Gout', 'Hypertension'],
    orders: [
      order(
        'ctRenalStone',
        'stat',
        'completed',
        2.7,
        'Acute right flank pain radiating to the groin, microscopic hematuria; evaluate for obstructing ureteral stone',
      ),
      order(
        'xrKub',
        'routine',
        'scheduled',
        2.5,
        'Baseline for follow-up of known radiopaque renal calculi',
      ),
    ],
  },
  {
    firstName: 'Grace',
    lastName: 'Okafor',
    dateOfBirth: '1969-07-27',
    sex: 'female',
    history: [
      'Type 2 diabetes mellitus on insulin',
      'Diabetic retinopathy',
      'Diabetic nephropathy with proteinuria',
      'Hypertension',
      'Sulfa allergy: rash',
    ],
    orders: [
      order(
        'nmGastricEmptying',
        'routine',
        'scheduled',
        86,
        'Type 2 diabetes with early satiety, nausea and bloating; evaluate for gastroparesis',
      ),
      order(
        'usRenal',
        'routine',
        'completed',
        74,
        'Diabetic nephropathy with proteinuria; evaluate kidneys',
      ),
      order(
        'usCarotid',
        'routine',
        'scheduled',
        33,
        'Asymptomatic right carotid bruit in a diabetic patient',
      ),
    ],
  },
  {
    firstName: 'William',
    lastName: 'Harris',
    dateOfBirth: '1938-11-02',
    sex: 'male',
    history: [
      'Alzheimer dementia',
      'Oropharyngeal dysphagia',
      'Aspiration pneumonia 2025',
      'Nursing home resident',
    ],
    orders: [
      order(
        'xrChestPortable',
        'urgent',
        'completed',
        7,
        'Fever and hypoxia in a nursing home resident with dysphagia; evaluate for aspiration pneumonia',
      ),
      order(
        'ctHead',
        'routine',
        'scheduled',
        64,
        'Stepwise cognitive decline; evaluate for chronic subdural hematoma or hydrocephalus',
      ),
    ],
  },
  {
    firstName: 'Yuki',
    lastName: 'Sato',
    dateOfBirth: '1999-02-14',
    sex: 'female',
    history: [
      'Systemic lupus erythematosus on hydroxychloroquine',
      'Lupus nephritis class III',
      'Raynaud phenomenon',
    ],
    orders: [
      order(
        'usRenal',
        'urgent',
        'completed',
        16,
        'Lupus nephritis with creatinine rising to 1.9 mg/dL; evaluate kidneys before biopsy',
      ),
      order(
        'xrHands',
        'routine',
        'scheduled',
        68,
        'Lupus with hand joint pain and deformity; evaluate for erosive arthritis',
      ),
    ],
  },
  {
    firstName: 'Carlos',
    lastName: 'Mendoza',
    dateOfBirth: '1990-05-30',
    sex: 'male',
    history: [
      'Restrained driver in a high-speed collision today',
      'No significant past medical history',
      'No known drug allergies',
    ],
    orders: [
      order(
        'ctCervicalSpine',
        'stat',
        'completed',
        0.5,
        'Motor vehicle collision, midline neck tenderness; evaluate for fracture',
      ),
      order(
        'ctAbdomenPelvis',
        'stat',
        'completed',
        0.5,
        'High-speed motor vehicle collision with seatbelt sign; evaluate for solid organ injury',
      ),
      order(
        'xrWristLeft',
        'urgent',
        'scheduled',
        0.3,
        'Left wrist deformity after motor vehicle collision; evaluate for distal radius fracture',
      ),
    ],
  },
  {
    firstName: 'Ayesha',
    lastName: 'Siddiqui',
    dateOfBirth: '1975-03-03',
    sex: 'female',
    history: ['Primary hyperparathyroidism, calcium 11.2 mg/dL', 'Nephrolithiasis', 'Osteopenia'],
    orders: [
      order(
        'nmParathyroid',
        'routine',
        'scheduled',
        50,
        'Primary hyperparathyroidism; localize parathyroid adenoma before surgery',
      ),
      order(
        'usThyroid',
        'routine',
        'completed',
        72,
        'Primary hyperparathyroidism; localize adenoma and assess the thyroid before surgery',
      ),
    ],
  },
  {
    firstName: 'Patrick',
    lastName: 'Dubois',
    dateOfBirth: '1960-08-08',
    sex: 'male',
    history: [
      'Colon adenocarcinoma s/p right hemicolectomy 2024',
      'Adjuvant FOLFOX completed 2025',
      'CEA rising to 8.4 ng/mL',
      'Type 2 diabetes mellitus',
    ],
    orders: [
      order(
        'ctChestContrast',
        'routine',
        'completed',
        42,
        'Colon cancer surveillance with rising CEA',
      ),
      order(
        'ctAbdomenPelvis',
        'routine',
        'completed',
        42,
        'Colon cancer surveillance after adjuvant chemotherapy, CEA rising to 8.4 ng/mL',
      ),
    ],
  },
  {
    firstName: 'Elena',
    lastName: 'Popescu',
    dateOfBirth: '1947-04-12',
    sex: 'female',
    history: [
      'Osteoporosis, T12 compression fracture 2023',
      'CKD stage 3 (eGFR 48)',
      'Hypothyroidism',
    ],
    orders: [
      order(
        'xrLumbarSpine',
        'urgent',
        'completed',
        28,
        'Acute low back pain after a minor fall in osteoporosis; evaluate for compression fracture',
      ),
      order(
        'mrLumbarSpine',
        'routine',
        'scheduled',
        20,
        'New L2 compression fracture on radiographs; assess acuity before kyphoplasty',
      ),
    ],
  },
  {
    firstName: 'Samuel',
    lastName: 'Cohen',
    dateOfBirth: '1983-02-27',
    sex: 'male',
    history: ['Crohn disease on adalimumab', 'Ileocecal resection 2019'],
    orders: [
      order(
        'ctAbdomenPelvis',
        'urgent',
        'completed',
        11,
        'Crohn disease with RLQ pain and fever; evaluate for abscess or stricture',
      ),
      order(
        'mrEnterography',
        'routine',
        'scheduled',
        82,
        'Crohn disease on adalimumab; assess small bowel disease activity',
      ),
    ],
  },
  {
    firstName: 'Amara',
    lastName: 'Nwosu',
    dateOfBirth: '2020-07-19',
    sex: 'female',
    history: ['Recurrent febrile urinary tract infections', 'Term birth, immunizations up to date'],
    orders: [
      order(
        'usRenal',
        'routine',
        'scheduled',
        56,
        'Third febrile urinary tract infection this year; evaluate for hydronephrosis or scarring',
      ),
    ],
  },
  {
    firstName: 'Henrik',
    lastName: 'Larsen',
    dateOfBirth: '1958-12-01',
    sex: 'male',
    history: [
      'Transient ischemic attack with right arm weakness yesterday',
      'Hypertension',
      'Hyperlipidemia',
      'Current smoker, 35 pack-years',
    ],
    orders: [
      order(
        'usCarotid',
        'urgent',
        'completed',
        15,
        'TIA with transient right arm weakness; evaluate for carotid stenosis',
      ),
      order(
        'mrBrain',
        'urgent',
        'scheduled',
        15,
        'TIA with transient right arm weakness; evaluate for infarct',
      ),
    ],
  },
  {
    firstName: 'Zainab',
    lastName: 'Bello',
    dateOfBirth: '1993-09-05',
    sex: 'female',
    history: ['Heavy menstrual bleeding', 'Iron deficiency anemia, hemoglobin 9.8 g/dL', 'G2P2'],
    orders: [
      order(
        'usPelvis',
        'routine',
        'completed',
        76,
        'Menorrhagia with iron deficiency anemia; evaluate for fibroids',
      ),
    ],
  },
  {
    firstName: 'George',
    lastName: 'Papadopoulos',
    dateOfBirth: '1951-03-29',
    sex: 'male',
    history: [
      'Stage IV lung adenocarcinoma on pembrolizumab',
      'Former smoker, 45 pack-years',
      'Hypertension',
      'Contrast allergy: hives (iodinated), premedication protocol',
    ],
    orders: [
      order(
        'ctChestContrast',
        'routine',
        'completed',
        38,
        'Restaging of stage IV lung adenocarcinoma on immunotherapy, after steroid premedication',
      ),
      order(
        'ctAbdomenPelvis',
        'routine',
        'completed',
        38,
        'Restaging of lung adenocarcinoma on immunotherapy, after steroid premedication',
      ),
      order(
        'mrBrainContrast',
        'urgent',
        'scheduled',
        6,
        'Known lung cancer with new headache and unsteady gait; evaluate for metastases',
      ),
    ],
  },
  {
    firstName: 'Olivia',
    lastName: 'Bennett',
    dateOfBirth: '2001-12-22',
    sex: 'female',
    history: ['Right ovarian dermoid cyst 4 cm on ultrasound 2025', 'No known drug allergies'],
    orders: [
      order(
        'usPelvis',
        'stat',
        'completed',
        1.6,
        'Sudden severe right pelvic pain with vomiting, known dermoid; evaluate for ovarian torsion',
      ),
    ],
  },
  {
    firstName: 'Abdullah',
    lastName: 'Karimi',
    dateOfBirth: '1985-10-10',
    sex: 'male',
    history: ['L5-S1 disc herniation 2023', 'Chronic low back pain', 'Hypertension'],
    orders: [
      order(
        'mrLumbarSpine',
        'stat',
        'scheduled',
        0.9,
        'Low back pain with new urinary retention and saddle anesthesia; evaluate for cauda equina syndrome',
      ),
    ],
  },
  {
    firstName: 'Bridget',
    lastName: 'Sullivan',
    dateOfBirth: '1950-01-08',
    sex: 'female',
    history: [
      'Right breast cancer s/p mastectomy 2016',
      'Type 2 diabetes mellitus',
      'Hypertension',
      'Left knee osteoarthritis',
    ],
    orders: [
      order(
        'xrKneeLeft',
        'routine',
        'completed',
        94,
        'Chronic left knee pain; evaluate osteoarthritis before arthroplasty',
      ),
      order(
        'xrChest',
        'routine',
        'scheduled',
        47,
        'Preoperative evaluation before left total knee arthroplasty',
      ),
    ],
  },
  {
    firstName: 'Jamal',
    lastName: 'Washington',
    dateOfBirth: '1978-06-15',
    sex: 'male',
    history: [
      'HIV on antiretroviral therapy, viral load undetectable',
      'Hypertension',
      'Latent tuberculosis screening positive',
    ],
    orders: [
      order('ctNeck', 'routine', 'scheduled', 62, 'Painless enlarging left neck mass for 6 weeks'),
      order(
        'xrChest',
        'routine',
        'completed',
        65,
        'Positive interferon-gamma release assay; evaluate for tuberculosis',
      ),
    ],
  },
  {
    firstName: 'Lucía',
    lastName: 'Fernández',
    dateOfBirth: '1972-11-11',
    sex: 'female',
    history: [
      'Hypothyroidism',
      'Multinodular goiter',
      '1.8 cm TI-RADS 4 left thyroid nodule, benign biopsy 2024',
    ],
    orders: [
      order(
        'usThyroid',
        'routine',
        'scheduled',
        95,
        'Follow-up of 1.8 cm TI-RADS 4 left thyroid nodule with benign biopsy',
      ),
    ],
  },
  {
    firstName: 'Ahmed',
    lastName: 'Hassan',
    dateOfBirth: '1963-01-17',
    sex: 'male',
    history: [
      'Coronary artery disease s/p CABG 2018',
      'Ischemic cardiomyopathy, ejection fraction 35%',
      'Type 2 diabetes mellitus',
      'CKD stage 3 (eGFR 45)',
      'Peripheral arterial disease',
    ],
    orders: [
      order(
        'mrCardiac',
        'routine',
        'scheduled',
        85,
        'Ischemic cardiomyopathy; myocardial viability before repeat revascularization',
      ),
      order(
        'nmMyocardialPerfusion',
        'routine',
        'completed',
        34,
        'Progressive exertional dyspnea after CABG; evaluate for ischemia',
      ),
    ],
  },
  {
    firstName: 'Sophie',
    lastName: 'Laurent',
    dateOfBirth: '1997-04-01',
    sex: 'female',
    history: [
      'Contrast allergy: hives (iodinated)',
      'Mild persistent asthma',
      'Combined oral contraceptive use',
    ],
    orders: [
      order(
        'nmLungVq',
        'stat',
        'scheduled',
        1.2,
        'Suspected pulmonary embolism with iodinated contrast allergy; dyspnea and tachycardia',
      ),
      order(
        'xrChest',
        'urgent',
        'completed',
        1.5,
        'Dyspnea and tachycardia; chest radiograph before V/Q scan',
      ),
    ],
  },
  {
    firstName: 'Marcus',
    lastName: 'Thompson',
    dateOfBirth: '1967-05-23',
    sex: 'male',
    history: ['Former smoker, 30 pack-years, quit 2019', 'Hypertension', 'Hyperlipidemia'],
    orders: [
      order(
        'ctLungScreening',
        'routine',
        'completed',
        57,
        'Annual lung cancer screening; former smoker, 30 pack-years, quit 2019',
      ),
      order(
        'ctCoronary',
        'routine',
        'scheduled',
        32,
        'Atypical chest pain, intermediate pretest probability',
      ),
    ],
  },
  {
    firstName: 'Ana',
    lastName: 'Sousa',
    dateOfBirth: '1956-09-19',
    sex: 'female',
    history: ['Cholelithiasis', 'Obesity, BMI 33', 'Hypertension'],
    orders: [
      order(
        'usRightUpperQuadrant',
        'stat',
        'completed',
        5,
        'RUQ pain, fever and positive Murphy sign; evaluate for acute cholecystitis',
      ),
      order(
        'nmHida',
        'urgent',
        'scheduled',
        3.5,
        'Equivocal ultrasound for acute cholecystitis; evaluate cystic duct patency',
      ),
    ],
  },
  {
    firstName: 'Daniel',
    lastName: 'Kim',
    dateOfBirth: '1994-12-03',
    sex: 'male',
    history: ['No significant past medical history', 'Recreational rock climber'],
    orders: [
      order(
        'xrWristLeft',
        'urgent',
        'completed',
        60,
        'Fall on outstretched hand, anatomic snuffbox tenderness; evaluate for scaphoid fracture',
      ),
      order(
        'mrWristLeft',
        'routine',
        'scheduled',
        24,
        'Persistent snuffbox tenderness with negative radiographs; evaluate for occult scaphoid fracture',
      ),
    ],
  },
  {
    firstName: 'Rosa',
    lastName: 'Esposito',
    dateOfBirth: '1941-07-07',
    sex: 'female',
    history: [
      'Atrial fibrillation on warfarin',
      'Heart failure with preserved ejection fraction',
      'CKD stage 4 (eGFR 25)',
      'Mild aortic stenosis',
    ],
    orders: [
      order(
        'ctHead',
        'stat',
        'completed',
        0.7,
        'New confusion on warfarin, INR 3.8; rule out intracranial hemorrhage',
      ),
      order(
        'xrChestPortable',
        'urgent',
        'completed',
        4,
        'Heart failure with worsening dyspnea and leg edema; evaluate for pulmonary edema',
      ),
    ],
  },
  {
    firstName: 'Tomasz',
    lastName: 'Nowak',
    dateOfBirth: '1989-08-31',
    sex: 'male',
    history: ['Stage I seminoma s/p left orchiectomy 2024', 'On surveillance, no chemotherapy'],
    orders: [
      order(
        'ctAbdomenPelvis',
        'routine',
        'scheduled',
        71,
        'Stage I seminoma surveillance after left orchiectomy',
      ),
      order(
        'usScrotum',
        'routine',
        'completed',
        73,
        'Palpable right testicular nodule after left orchiectomy for seminoma',
      ),
    ],
  },
  {
    firstName: 'Isabella',
    lastName: 'Moreau',
    dateOfBirth: '2011-03-25',
    sex: 'female',
    history: [
      'Adolescent idiopathic scoliosis, 24 degree thoracic curve 2026',
      'Plays school basketball',
    ],
    orders: [
      order(
        'xrScoliosis',
        'routine',
        'scheduled',
        79,
        'Adolescent idiopathic scoliosis; 6-month curve follow-up',
      ),
      order(
        'xrAnkleRight',
        'urgent',
        'completed',
        8,
        'Inversion injury playing basketball, lateral malleolus tenderness; Ottawa ankle rules positive',
      ),
    ],
  },
  {
    firstName: 'Benjamin',
    lastName: 'Clarke',
    dateOfBirth: '1944-10-20',
    sex: 'male',
    history: [
      'Parkinson disease',
      'Recurrent falls',
      'Benign prostatic hyperplasia',
      'Hypertension',
    ],
    orders: [
      order(
        'xrShoulderLeft',
        'urgent',
        'completed',
        12,
        'Fall onto the left shoulder, pain and reduced range of motion; evaluate for fracture or dislocation',
      ),
      order(
        'ctHead',
        'routine',
        'scheduled',
        12,
        'Recurrent falls with slowly worsening gait; evaluate for subdural hematoma or hydrocephalus',
      ),
    ],
  },
  {
    firstName: 'Alex',
    lastName: 'Rivera',
    dateOfBirth: '1987-06-06',
    sex: 'other',
    history: [
      'Migraine with aura',
      'Generalized anxiety disorder',
      'Desk worker with chronic neck pain',
    ],
    orders: [
      order(
        'mrBrainContrast',
        'routine',
        'scheduled',
        83,
        'Migraine with a new, prolonged aura pattern; evaluate for structural lesion',
      ),
      order(
        'xrCervicalSpine',
        'routine',
        'completed',
        83,
        'Chronic neck pain with occipital headaches',
      ),
    ],
  },
  {
    firstName: 'Sam',
    lastName: 'Taylor',
    dateOfBirth: '1979-04-18',
    sex: 'unknown',
    history: [
      'Transferred from an outside hospital; records incomplete',
      'Hypertension per outside records',
    ],
    orders: [
      order(
        'ctAbdomenPelvis',
        'urgent',
        'scheduled',
        4.5,
        'Outside-hospital transfer with abdominal pain and fever; evaluate for abscess',
      ),
    ],
  },
  {
    firstName: 'Noah',
    lastName: 'Friedman',
    dateOfBirth: '2025-08-15',
    sex: 'male',
    history: ['Born at 36 weeks, 5-day NICU stay', 'Immunizations up to date'],
    orders: [
      order(
        'xrChest',
        'urgent',
        'completed',
        3.8,
        'Fever, cough and tachypnea for 3 days in an infant; evaluate for pneumonia',
      ),
    ],
  },
  {
    firstName: 'Leila',
    lastName: 'Haddad',
    dateOfBirth: '1964-02-09',
    sex: 'female',
    history: [
      'Left breast invasive ductal carcinoma, biopsy October 2026',
      'Hypertension',
      'Penicillin allergy: rash',
    ],
    orders: [
      order(
        'mrBreast',
        'routine',
        'scheduled',
        48,
        'Extent of disease for newly diagnosed left breast cancer',
      ),
      order(
        'xrChest',
        'routine',
        'completed',
        50,
        'Preoperative evaluation before left lumpectomy',
      ),
    ],
  },
  {
    firstName: 'Fiona',
    lastName: 'MacLeod',
    dateOfBirth: '1968-04-04',
    sex: 'female',
    history: ['Rheumatoid arthritis on methotrexate', 'Former smoker, 10 pack-years', 'Osteopenia'],
    orders: [
      order(
        'xrHands',
        'routine',
        'completed',
        91,
        'Rheumatoid arthritis; assess for erosive progression',
      ),
      order(
        'ctChestNoContrast',
        'routine',
        'scheduled',
        39,
        'Rheumatoid arthritis on methotrexate with progressive dry cough; evaluate for interstitial lung disease',
      ),
      order(
        'mrShoulderRight',
        'routine',
        'scheduled',
        27,
        'Right shoulder weakness on abduction, positive drop arm test; evaluate rotator cuff',
      ),
    ],
  },
  {
    firstName: 'Emeka',
    lastName: 'Obi',
    dateOfBirth: '1976-11-29',
    sex: 'male',
    history: [
      'Type 2 diabetes mellitus',
      'Obesity, BMI 34',
      'ALT 88 U/L on routine labs',
      'Chronic low back pain',
    ],
    orders: [
      order(
        'mrLumbarSpine',
        'routine',
        'scheduled',
        87,
        'Low back pain radiating to the left leg for 8 weeks despite physical therapy',
      ),
      order(
        'usAbdomen',
        'routine',
        'completed',
        69,
        'Elevated liver enzymes in a diabetic patient; evaluate for hepatic steatosis',
      ),
    ],
  },
  {
    firstName: 'Astrid',
    lastName: 'Lindqvist',
    dateOfBirth: '1933-05-17',
    sex: 'female',
    history: [
      'Moderate aortic stenosis',
      'CKD stage 3 (eGFR 40)',
      'Hypertension',
      'Macular degeneration',
    ],
    orders: [
      order(
        'xrChest',
        'routine',
        'completed',
        59,
        'Aortic stenosis with slowly progressive exertional dyspnea',
      ),
      order(
        'usRenal',
        'routine',
        'scheduled',
        45,
        'CKD stage 3 with declining eGFR; evaluate kidney size',
      ),
    ],
  },
]

export interface SeedPatient {
  mrn: string
  firstName: string
  lastName: string
  dateOfBirth: string
  sex: Sex
  history: string[]
}

export interface SeedOrder {
  patientMrn: string
  accessionNumber: string
  modality: Modality
  bodyPart: string
  studyDescription: string
  priority: Priority
  status: SeedStatus
  indication: string
  hoursAgo: number
}

const random = createRandom(20_261_121)

function mrnFor(used: Set<string>): string {
  for (;;) {
    // Demo numbers stay below 5,000,000 so synthetic patients can count up from the largest.
    const mrn = `MRN${String(random.int(1_000_000, 4_999_999))}`
    if (!used.has(mrn)) {
      used.add(mrn)
      return mrn
    }
  }
}

const usedMrns = new Set<string>()
const withMrns = ENTRIES.map((entry) => ({ entry, mrn: mrnFor(usedMrns) }))

export const DEMO_PATIENTS: readonly SeedPatient[] = withMrns.map(({ entry, mrn }) => ({
  mrn,
  firstName: entry.firstName,
  lastName: entry.lastName,
  dateOfBirth: entry.dateOfBirth,
  sex: entry.sex,
  history: entry.history,
}))

/** The first demo accession number; a RIS hands them out in the order studies are requested. */
const FIRST_ACCESSION = 26_114_203

/** Oldest first, so a list in insertion order reads like the day went. */
export const DEMO_ORDERS: readonly SeedOrder[] = (() => {
  const flat = withMrns
    .flatMap(({ entry, mrn }) => entry.orders.map((o) => ({ o, patientMrn: mrn })))
    .sort((a, b) => b.o.hoursAgo - a.o.hoursAgo)
  let accession = FIRST_ACCESSION
  return flat.map(({ o, patientMrn }) => {
    const study = STUDIES[o.study]
    accession += random.int(1, 29)
    return {
      patientMrn,
      accessionNumber: `A${String(accession)}`,
      modality: study.modality,
      bodyPart: study.bodyPart,
      studyDescription: study.description,
      priority: o.priority,
      status: o.status,
      indication: o.indication,
      hoursAgo: o.hoursAgo,
    }
  })
})()
