/**
 * The study catalogue of a general hospital's imaging department: what can be ordered, for whom,
 * and the indications a referrer typically writes at each priority. The demo worklist names its
 * studies from here, and synthetic orders are drawn from it, so both read the same way.
 */
import type { Priority } from '../../contract'

export const MODALITIES = ['CT', 'MR', 'XR', 'US', 'NM'] as const
export type Modality = (typeof MODALITIES)[number]

/** Seeded orders are either waiting to be scanned or scanned and waiting to be read. */
export type SeedStatus = 'scheduled' | 'completed'

/** Who a study or an indication fits; absent bounds mean anyone. */
export interface Eligibility {
  sex?: 'female' | 'male'
  minAge?: number
  maxAge?: number
}

export interface Indication extends Eligibility {
  priority: Priority
  text: string
}

export interface Study extends Eligibility {
  modality: Modality
  /** Lower-case words, as the worklist shows them. */
  bodyPart: string
  description: string
  /** Relative frequency in a day's orders, for synthetic orders. */
  weight: number
  indications: readonly Indication[]
}

const stat = (text: string, who: Eligibility = {}): Indication => ({
  priority: 'stat',
  text,
  ...who,
})
const urgent = (text: string, who: Eligibility = {}): Indication => ({
  priority: 'urgent',
  text,
  ...who,
})
const routine = (text: string, who: Eligibility = {}): Indication => ({
  priority: 'routine',
  text,
  ...who,
})

const adult = { minAge: 18 }
const child = { maxAge: 17 }

export const STUDIES = {
  // ---- CT ----------------------------------------------------------------------------------
  ctHead: {
    modality: 'CT',
    bodyPart: 'head',
    description: 'CT Head without contrast',
    weight: 9,
    indications: [
      stat('Fall from standing, on anticoagulation; rule out intracranial hemorrhage', {
        minAge: 45,
      }),
      stat('Sudden severe headache, worst of life; evaluate for subarachnoid hemorrhage', adult),
      stat(
        'Acute left-sided weakness and facial droop, last known well 90 minutes ago; stroke protocol',
        { minAge: 30 },
      ),
      stat('Found down with altered mental status; evaluate for intracranial process', adult),
      stat('Head injury with vomiting and GCS 13; evaluate for intracranial injury', {
        maxAge: 17,
        minAge: 2,
      }),
      urgent('New confusion and unsteady gait; evaluate for intracranial abnormality', {
        minAge: 55,
      }),
      urgent('Head strike with brief loss of consciousness, persistent headache', { minAge: 12 }),
      routine('Progressive memory decline; evaluate for atrophy or normal pressure hydrocephalus', {
        minAge: 60,
      }),
      routine('Chronic daily headache with new pattern; evaluate for mass', adult),
    ],
  },
  ctaHeadNeck: {
    modality: 'CT',
    bodyPart: 'neck',
    description: 'CTA Head and Neck with IV contrast',
    weight: 3,
    minAge: 25,
    indications: [
      stat('Acute right hemiparesis and aphasia, NIHSS 14; evaluate for large vessel occlusion', {
        minAge: 35,
      }),
      urgent('Transient left amaurosis fugax; evaluate for carotid stenosis', { minAge: 45 }),
      routine('Pulsatile tinnitus; evaluate for vascular cause'),
    ],
  },
  ctCervicalSpine: {
    modality: 'CT',
    bodyPart: 'cervical spine',
    description: 'CT Cervical Spine without contrast',
    weight: 4,
    minAge: 12,
    indications: [
      stat('Motor vehicle collision, midline neck tenderness; evaluate for fracture'),
      stat('Fall from ladder with neck pain and paresthesias; evaluate for fracture', adult),
      urgent('Ground-level fall with neck pain in an elderly patient; evaluate for fracture', {
        minAge: 65,
      }),
      routine('Known cervical spondylosis; preoperative assessment of foraminal stenosis', {
        minAge: 40,
      }),
    ],
  },
  ctSinus: {
    modality: 'CT',
    bodyPart: 'sinus',
    description: 'CT Sinus without contrast',
    weight: 1,
    minAge: 6,
    indications: [
      urgent('Periorbital swelling and fever after sinusitis; evaluate for orbital cellulitis'),
      routine('Chronic rhinosinusitis despite medical therapy; preoperative planning', adult),
    ],
  },
  ctNeck: {
    modality: 'CT',
    bodyPart: 'neck',
    description: 'CT Neck soft tissue with IV contrast',
    weight: 2,
    indications: [
      stat('Sore throat, trismus and drooling; evaluate for deep neck abscess', { minAge: 12 }),
      urgent('Fever and tender swelling below the jaw; evaluate for abscess'),
      routine('Painless enlarging left neck mass for 6 weeks', adult),
      routine('Staging of biopsy-proven oropharyngeal squamous cell carcinoma', { minAge: 35 }),
    ],
  },
  ctChestContrast: {
    modality: 'CT',
    bodyPart: 'chest',
    description: 'CT Chest with IV contrast',
    weight: 5,
    minAge: 12,
    indications: [
      urgent('Hemoptysis in a former smoker; evaluate for mass', { minAge: 35 }),
      urgent(
        'Persistent consolidation despite antibiotics; evaluate for empyema or obstructing lesion',
        adult,
      ),
      routine('Staging of newly diagnosed lung adenocarcinoma', { minAge: 35 }),
      routine('Surveillance after treatment for Hodgkin lymphoma'),
      routine('Restaging of metastatic colorectal cancer on chemotherapy', { minAge: 30 }),
    ],
  },
  ctChestNoContrast: {
    modality: 'CT',
    bodyPart: 'chest',
    description: 'CT Chest without contrast',
    weight: 3,
    minAge: 18,
    indications: [
      urgent('Known pneumothorax after chest tube removal; assess for residual air'),
      routine('Follow-up of 8 mm solid right upper lobe nodule', { minAge: 35 }),
      routine('Chronic dry cough and exertional dyspnea; evaluate for interstitial lung disease', {
        minAge: 40,
      }),
      routine('Follow-up of bronchiectasis with recurrent infections'),
    ],
  },
  ctLungScreening: {
    modality: 'CT',
    bodyPart: 'chest',
    description: 'CT Chest low-dose lung cancer screening',
    weight: 2,
    minAge: 50,
    maxAge: 80,
    indications: [
      routine('Annual lung cancer screening; former smoker, 30 pack-years'),
      routine('Baseline lung cancer screening; current smoker, 25 pack-years'),
    ],
  },
  ctaChestPe: {
    modality: 'CT',
    bodyPart: 'chest',
    description: 'CTA Chest PE protocol',
    weight: 5,
    minAge: 14,
    indications: [
      stat('Acute shortness of breath, elevated D-dimer; evaluate for PE'),
      stat(
        'Pleuritic chest pain and tachycardia after recent surgery; rule out pulmonary embolism',
        adult,
      ),
      urgent('Hypoxia with unilateral leg swelling; evaluate for PE', adult),
    ],
  },
  ctaAorta: {
    modality: 'CT',
    bodyPart: 'chest',
    description: 'CTA Chest Abdomen and Pelvis aortic dissection protocol',
    weight: 1,
    minAge: 30,
    indications: [
      stat(
        'Tearing chest pain radiating to the back, blood pressure differs between arms; rule out aortic dissection',
      ),
      routine('Follow-up of repaired type A aortic dissection', { minAge: 40 }),
    ],
  },
  ctaAbdomenPelvis: {
    modality: 'CT',
    bodyPart: 'abdomen',
    description: 'CTA Abdomen and Pelvis with IV contrast',
    weight: 1,
    minAge: 40,
    indications: [
      stat('Known abdominal aortic aneurysm with new back pain; evaluate for rupture or leak', {
        minAge: 55,
      }),
      urgent('Postprandial abdominal pain and weight loss; evaluate for mesenteric ischemia', {
        minAge: 55,
      }),
      routine('Surveillance after endovascular aneurysm repair', { minAge: 55 }),
    ],
  },
  ctAbdomenPelvis: {
    modality: 'CT',
    bodyPart: 'abdomen',
    description: 'CT Abdomen and Pelvis with IV contrast',
    weight: 9,
    minAge: 8,
    indications: [
      stat('RLQ pain, fever, leukocytosis; evaluate for appendicitis', { minAge: 12 }),
      stat(
        'Abdominal distension, vomiting and obstipation; evaluate for small bowel obstruction',
        adult,
      ),
      stat('Blunt trauma with seatbelt sign; evaluate for solid organ injury'),
      urgent('LLQ pain and fever; evaluate for diverticulitis', { minAge: 35 }),
      urgent(
        'Epigastric pain radiating to the back, lipase 1,200 U/L; evaluate for pancreatitis complications',
        adult,
      ),
      urgent('Postoperative fever after bowel resection; evaluate for abscess', adult),
      routine('Restaging of colon cancer after adjuvant chemotherapy', { minAge: 30 }),
      routine('Unintentional weight loss of 8 kg; evaluate for malignancy', { minAge: 40 }),
      routine('Surveillance of renal cell carcinoma after partial nephrectomy', { minAge: 35 }),
    ],
  },
  ctRenalStone: {
    modality: 'CT',
    bodyPart: 'kidney',
    description: 'CT Abdomen and Pelvis without contrast renal stone protocol',
    weight: 4,
    minAge: 16,
    indications: [
      stat(
        'Acute right flank pain radiating to the groin with hematuria; evaluate for obstructing stone',
      ),
      urgent('Left flank pain in a known stone former; evaluate for ureteral stone'),
      routine('Follow-up of nonobstructing left renal calculi'),
    ],
  },
  ctUrogram: {
    modality: 'CT',
    bodyPart: 'kidney',
    description: 'CT Urogram with and without contrast',
    weight: 1,
    minAge: 35,
    indications: [
      urgent('Painless gross hematuria with clots; evaluate urinary tract'),
      routine('Microscopic hematuria in a former smoker; evaluate urinary tract'),
    ],
  },
  ctLiver: {
    modality: 'CT',
    bodyPart: 'liver',
    description: 'CT Abdomen liver triple phase',
    weight: 1,
    minAge: 30,
    indications: [
      urgent('Indeterminate liver lesion on ultrasound; characterize'),
      routine('Cirrhosis with rising AFP; evaluate for hepatocellular carcinoma'),
    ],
  },
  ctLumbarSpine: {
    modality: 'CT',
    bodyPart: 'lumbar spine',
    description: 'CT Lumbar Spine without contrast',
    weight: 2,
    minAge: 14,
    indications: [
      stat('Fall from height with back pain; evaluate for fracture'),
      urgent(
        'Osteoporosis with acute low back pain after minor fall; evaluate for compression fracture',
        { minAge: 60 },
      ),
      routine('Preoperative planning for L4-L5 fusion', { minAge: 30 }),
    ],
  },
  ctCoronary: {
    modality: 'CT',
    bodyPart: 'heart',
    description: 'CTA Coronary arteries with calcium score',
    weight: 2,
    minAge: 30,
    indications: [
      urgent(
        'Acute chest pain with normal troponins and nondiagnostic ECG; evaluate for coronary disease',
        { minAge: 35 },
      ),
      routine('Atypical chest pain, intermediate pretest probability'),
      routine('Strong family history of premature coronary disease; risk stratification'),
    ],
  },
  ctWrist: {
    modality: 'CT',
    bodyPart: 'wrist',
    description: 'CT Wrist right without contrast',
    weight: 1,
    minAge: 12,
    indications: [
      urgent('Comminuted distal radius fracture; preoperative assessment of articular surface'),
      routine('Snuffbox tenderness with normal radiographs; evaluate for occult scaphoid fracture'),
    ],
  },

  // ---- MR ----------------------------------------------------------------------------------
  mrBrainContrast: {
    modality: 'MR',
    bodyPart: 'brain',
    description: 'MRI Brain with and without contrast',
    weight: 5,
    indications: [
      urgent('New-onset seizure; evaluate for mass', adult),
      urgent('Known lung cancer with new headache; evaluate for metastases', { minAge: 35 }),
      urgent('Morning headaches and vomiting in a child; evaluate for posterior fossa mass', {
        maxAge: 17,
        minAge: 2,
      }),
      routine('Relapsing-remitting multiple sclerosis; annual surveillance', {
        minAge: 18,
        maxAge: 70,
      }),
      routine('Unilateral sensorineural hearing loss; evaluate internal auditory canals', adult),
      routine('Follow-up of pituitary macroadenoma', adult),
    ],
  },
  mrBrain: {
    modality: 'MR',
    bodyPart: 'brain',
    description: 'MRI Brain without contrast',
    weight: 4,
    indications: [
      stat('Acute aphasia with negative CT; evaluate for acute infarct', { minAge: 30 }),
      urgent('Vertigo and ataxia; evaluate for posterior circulation stroke', { minAge: 40 }),
      urgent('Transient right arm weakness; evaluate for infarct', { minAge: 40 }),
      routine('Developmental delay; evaluate brain structure', { maxAge: 10 }),
      routine('Progressive memory loss; evaluate for neurodegenerative pattern', { minAge: 55 }),
    ],
  },
  mrCervicalSpine: {
    modality: 'MR',
    bodyPart: 'cervical spine',
    description: 'MRI Cervical Spine without contrast',
    weight: 2,
    minAge: 16,
    indications: [
      urgent('Progressive hand clumsiness and gait imbalance; evaluate for cervical myelopathy', {
        minAge: 40,
      }),
      routine('Neck pain with right C6 radiculopathy for 3 months'),
    ],
  },
  mrCervicalSpineContrast: {
    modality: 'MR',
    bodyPart: 'cervical spine',
    description: 'MRI Cervical Spine with and without contrast',
    weight: 1,
    minAge: 16,
    indications: [
      urgent(
        'Multiple sclerosis with new bilateral hand numbness; evaluate for active cord lesion',
        { maxAge: 70 },
      ),
      routine('Follow-up of cervical cord lesion'),
    ],
  },
  mrLumbarSpine: {
    modality: 'MR',
    bodyPart: 'lumbar spine',
    description: 'MRI Lumbar Spine without contrast',
    weight: 4,
    minAge: 16,
    indications: [
      stat(
        'Low back pain with urinary retention and saddle anesthesia; evaluate for cauda equina syndrome',
      ),
      urgent('Back pain with progressive foot drop; evaluate for nerve root compression'),
      routine('Low back pain radiating to the left leg for 8 weeks despite physical therapy'),
      routine('Neurogenic claudication; evaluate for spinal stenosis', { minAge: 55 }),
    ],
  },
  mrLumbarSpineContrast: {
    modality: 'MR',
    bodyPart: 'lumbar spine',
    description: 'MRI Lumbar Spine with and without contrast',
    weight: 1,
    minAge: 25,
    indications: [
      urgent('Back pain with fever after epidural injection; evaluate for epidural abscess'),
      routine(
        'Recurrent radicular pain after L4-L5 laminectomy; evaluate recurrent disc versus scar',
      ),
    ],
  },
  mrKneeLeft: {
    modality: 'MR',
    bodyPart: 'knee',
    description: 'MRI Knee left without contrast',
    weight: 2,
    minAge: 12,
    indications: [
      urgent('Knee locked in flexion after twisting injury; evaluate for displaced meniscal tear'),
      routine(
        'Twisting injury with medial joint line pain and catching; evaluate for meniscal tear',
      ),
      routine('Pivoting injury with instability; evaluate anterior cruciate ligament', {
        maxAge: 55,
      }),
    ],
  },
  mrKneeRight: {
    modality: 'MR',
    bodyPart: 'knee',
    description: 'MRI Knee right without contrast',
    weight: 2,
    minAge: 12,
    indications: [
      routine(
        'Twisting injury with medial joint line pain and catching; evaluate for meniscal tear',
      ),
      routine('Pivoting injury with instability; evaluate anterior cruciate ligament', {
        maxAge: 55,
      }),
    ],
  },
  mrShoulderRight: {
    modality: 'MR',
    bodyPart: 'shoulder',
    description: 'MRI Shoulder right without contrast',
    weight: 2,
    minAge: 16,
    indications: [
      routine('Weakness with overhead activity, positive drop arm test; evaluate rotator cuff', {
        minAge: 35,
      }),
      routine('Recurrent anterior dislocation; evaluate labrum', { maxAge: 45 }),
    ],
  },
  mrHipLeft: {
    modality: 'MR',
    bodyPart: 'hip',
    description: 'MRI Hip left without contrast',
    weight: 1,
    minAge: 12,
    indications: [
      urgent('Hip pain after a fall with negative radiographs; evaluate for occult fracture', {
        minAge: 60,
      }),
      urgent('Left hip pain on chronic steroids; evaluate for avascular necrosis', { minAge: 18 }),
      routine('Groin pain with clicking; evaluate for labral tear', { maxAge: 50 }),
    ],
  },
  mrWristLeft: {
    modality: 'MR',
    bodyPart: 'wrist',
    description: 'MRI Wrist left without contrast',
    weight: 1,
    minAge: 12,
    indications: [
      urgent(
        'Snuffbox tenderness with negative radiographs; evaluate for occult scaphoid fracture',
      ),
      routine('Ulnar-sided wrist pain; evaluate for triangular fibrocartilage tear'),
    ],
  },
  mrAnkleRight: {
    modality: 'MR',
    bodyPart: 'ankle',
    description: 'MRI Ankle right without contrast',
    weight: 1,
    minAge: 12,
    indications: [
      routine('Chronic lateral ankle instability after repeated inversion injuries'),
      routine('Posterior ankle pain; evaluate Achilles tendon', adult),
    ],
  },
  mrProstate: {
    modality: 'MR',
    bodyPart: 'pelvis',
    description: 'MRI Prostate with and without contrast',
    weight: 2,
    sex: 'male',
    minAge: 45,
    indications: [
      routine('PSA 7.2 ng/mL and rising; evaluate for clinically significant prostate cancer'),
      routine('Active surveillance of Gleason 3+3 prostate cancer'),
    ],
  },
  mrPelvisFemale: {
    modality: 'MR',
    bodyPart: 'pelvis',
    description: 'MRI Pelvis with and without contrast',
    weight: 1,
    sex: 'female',
    minAge: 18,
    indications: [
      routine('Complex adnexal cyst on ultrasound; characterize'),
      routine('Symptomatic fibroids; planning for uterine artery embolization', { maxAge: 55 }),
    ],
  },
  mrBreast: {
    modality: 'MR',
    bodyPart: 'breast',
    description: 'MRI Breast bilateral with and without contrast',
    weight: 2,
    sex: 'female',
    minAge: 25,
    indications: [
      routine('High-risk screening, BRCA1 carrier'),
      routine('Extent of disease for newly diagnosed left breast cancer', { minAge: 30 }),
      routine('Evaluation of silicone implant integrity', { minAge: 30 }),
    ],
  },
  mrLiver: {
    modality: 'MR',
    bodyPart: 'liver',
    description: 'MRI Abdomen liver with and without contrast',
    weight: 1,
    minAge: 18,
    indications: [
      urgent('Indeterminate 2 cm liver lesion on CT; characterize'),
      routine('Cirrhosis with LI-RADS 3 observation; 6-month follow-up', { minAge: 30 }),
    ],
  },
  mrcp: {
    modality: 'MR',
    bodyPart: 'abdomen',
    description: 'MRCP with and without contrast',
    weight: 1,
    minAge: 16,
    indications: [
      urgent(
        'Elevated bilirubin and dilated common bile duct on ultrasound; evaluate for choledocholithiasis',
      ),
      routine('Follow-up of branch-duct pancreatic cyst', { minAge: 40 }),
    ],
  },
  mrEnterography: {
    modality: 'MR',
    bodyPart: 'abdomen',
    description: 'MR Enterography with and without contrast',
    weight: 1,
    minAge: 10,
    indications: [
      routine('Crohn disease; assess small bowel disease activity'),
      urgent('Crohn disease with obstructive symptoms; evaluate for stricture'),
    ],
  },
  mrCardiac: {
    modality: 'MR',
    bodyPart: 'heart',
    description: 'MRI Cardiac with and without contrast',
    weight: 1,
    minAge: 14,
    indications: [
      urgent(
        'Chest pain with raised troponin and unobstructed coronaries; evaluate for myocarditis',
      ),
      routine(
        'New cardiomyopathy, ejection fraction 35%; evaluate for infiltrative or ischemic cause',
        adult,
      ),
    ],
  },

  // ---- XR ----------------------------------------------------------------------------------
  xrChest: {
    modality: 'XR',
    bodyPart: 'chest',
    description: 'XR Chest PA and lateral',
    weight: 12,
    indications: [
      stat(
        'Sudden pleuritic chest pain and dyspnea in a tall young adult; evaluate for pneumothorax',
        { minAge: 15, maxAge: 40 },
      ),
      urgent('Cough and fever for 4 days; evaluate for pneumonia'),
      urgent('Fever, cough and tachypnea in a child; evaluate for pneumonia', child),
      routine('Preoperative evaluation', adult),
      routine('Chronic cough in a former smoker', { minAge: 40 }),
      routine('Positive interferon-gamma release assay; evaluate for tuberculosis', { minAge: 12 }),
    ],
  },
  xrChestPortable: {
    modality: 'XR',
    bodyPart: 'chest',
    description: 'XR Chest portable AP',
    weight: 8,
    indications: [
      stat('Central line placement; confirm tip position and exclude pneumothorax', adult),
      stat('Post-intubation; confirm endotracheal tube position', adult),
      stat('Suspected coin or button battery ingestion; localize foreign body', {
        maxAge: 10,
        minAge: 1,
      }),
      urgent('Increasing oxygen requirement in the ICU', adult),
      urgent('Heart failure with worsening dyspnea; evaluate for pulmonary edema', { minAge: 40 }),
      routine('Daily film, intubated patient', adult),
    ],
  },
  xrAbdomen: {
    modality: 'XR',
    bodyPart: 'abdomen',
    description: 'XR Abdomen supine and upright',
    weight: 2,
    indications: [
      stat('Sudden severe abdominal pain with rigid abdomen; evaluate for free air', adult),
      urgent('Abdominal distension and vomiting; evaluate for bowel obstruction'),
      routine('Chronic constipation; evaluate stool burden'),
    ],
  },
  xrKub: {
    modality: 'XR',
    bodyPart: 'abdomen',
    description: 'XR Abdomen KUB',
    weight: 1,
    minAge: 16,
    indications: [routine('Follow-up of known radiopaque renal calculi')],
  },
  xrKneeLeft: {
    modality: 'XR',
    bodyPart: 'knee',
    description: 'XR Knee left 3 views',
    weight: 3,
    indications: [
      urgent('Fall onto the knee, unable to bear weight; evaluate for fracture'),
      routine('Chronic left knee pain; evaluate for osteoarthritis', { minAge: 45 }),
    ],
  },
  xrKneeRight: {
    modality: 'XR',
    bodyPart: 'knee',
    description: 'XR Knee right 3 views',
    weight: 3,
    indications: [
      urgent('Fall onto the knee, unable to bear weight; evaluate for fracture'),
      routine('Knee effusion after a sports injury; exclude fracture before MRI', {
        minAge: 12,
        maxAge: 60,
      }),
      routine('Chronic right knee pain; evaluate for osteoarthritis', { minAge: 45 }),
    ],
  },
  xrHipLeft: {
    modality: 'XR',
    bodyPart: 'hip',
    description: 'XR Hip left 2 views with AP pelvis',
    weight: 2,
    indications: [
      stat('Fall with shortened, externally rotated left leg; evaluate for hip fracture', {
        minAge: 60,
      }),
      urgent('Fall with left hip pain, bearing weight with difficulty; evaluate for fracture', {
        minAge: 50,
      }),
      routine('Left hip pain; evaluate for osteoarthritis', { minAge: 45 }),
    ],
  },
  xrHipRight: {
    modality: 'XR',
    bodyPart: 'hip',
    description: 'XR Hip right 2 views with AP pelvis',
    weight: 2,
    indications: [
      stat('Fall with shortened, externally rotated right leg; evaluate for hip fracture', {
        minAge: 60,
      }),
      urgent('Limp and right hip pain in a child; evaluate for slipped capital femoral epiphysis', {
        minAge: 9,
        maxAge: 16,
      }),
      routine('Right hip pain; evaluate for osteoarthritis', { minAge: 45 }),
    ],
  },
  xrWristLeft: {
    modality: 'XR',
    bodyPart: 'wrist',
    description: 'XR Wrist left 3 views',
    weight: 3,
    indications: [
      urgent('Fall on outstretched hand with distal radius tenderness'),
      urgent(
        'Fall on outstretched hand, anatomic snuffbox tenderness; evaluate for scaphoid fracture',
        { minAge: 12 },
      ),
      routine('Follow-up of distal radius fracture in cast', adult),
    ],
  },
  xrAnkleRight: {
    modality: 'XR',
    bodyPart: 'ankle',
    description: 'XR Ankle right 3 views',
    weight: 3,
    minAge: 3,
    indications: [
      urgent('Inversion injury with lateral malleolus tenderness; Ottawa ankle rules positive'),
      routine('Follow-up of healing distal fibula fracture'),
    ],
  },
  xrShoulderLeft: {
    modality: 'XR',
    bodyPart: 'shoulder',
    description: 'XR Shoulder left 3 views',
    weight: 2,
    minAge: 10,
    indications: [
      urgent(
        'Fall onto the left shoulder, pain and reduced range of motion; evaluate for fracture or dislocation',
      ),
      routine('Chronic shoulder pain; evaluate for calcific tendinitis', adult),
    ],
  },
  xrLumbarSpine: {
    modality: 'XR',
    bodyPart: 'lumbar spine',
    description: 'XR Lumbar Spine 2 views',
    weight: 2,
    minAge: 12,
    indications: [
      urgent(
        'Acute low back pain after a minor fall in osteoporosis; evaluate for compression fracture',
        { minAge: 60 },
      ),
      routine('Chronic low back pain', adult),
    ],
  },
  xrCervicalSpine: {
    modality: 'XR',
    bodyPart: 'cervical spine',
    description: 'XR Cervical Spine 3 views',
    weight: 1,
    minAge: 12,
    indications: [
      routine('Chronic neck pain with occipital headaches', adult),
      routine('Neck pain after whiplash injury, follow-up'),
    ],
  },
  xrHands: {
    modality: 'XR',
    bodyPart: 'hand',
    description: 'XR Hands bilateral 3 views',
    weight: 1,
    minAge: 16,
    indications: [
      routine('Joint pain and morning stiffness; evaluate for erosive arthritis'),
      routine('Rheumatoid arthritis; assess for erosive progression', adult),
    ],
  },
  xrBoneAge: {
    modality: 'XR',
    bodyPart: 'hand',
    description: 'XR Bone age',
    weight: 1,
    minAge: 2,
    maxAge: 16,
    indications: [
      routine('Short stature; evaluate bone age'),
      routine('Early pubertal development; evaluate bone age'),
    ],
  },
  xrFootRight: {
    modality: 'XR',
    bodyPart: 'foot',
    description: 'XR Foot right 3 views',
    weight: 2,
    minAge: 5,
    indications: [
      urgent('Diabetic foot ulcer that probes to bone; evaluate for osteomyelitis', { minAge: 30 }),
      urgent('Crush injury to the forefoot; evaluate for fracture'),
      routine('Forefoot pain in a runner; evaluate for stress fracture', { maxAge: 60 }),
    ],
  },
  xrScoliosis: {
    modality: 'XR',
    bodyPart: 'whole spine',
    description: 'XR Scoliosis series standing PA and lateral',
    weight: 1,
    minAge: 8,
    maxAge: 20,
    indications: [
      routine('Adolescent idiopathic scoliosis; 6-month curve follow-up'),
      routine('Shoulder asymmetry on school screening'),
    ],
  },

  // ---- US ----------------------------------------------------------------------------------
  usAbdomen: {
    modality: 'US',
    bodyPart: 'abdomen',
    description: 'US Abdomen complete',
    weight: 5,
    indications: [
      urgent('Elevated liver enzymes and jaundice; evaluate liver and biliary tree'),
      routine('Elevated liver enzymes; evaluate for hepatic steatosis', adult),
      routine('Chronic hepatitis B; hepatocellular carcinoma surveillance', adult),
    ],
  },
  usRightUpperQuadrant: {
    modality: 'US',
    bodyPart: 'abdomen',
    description: 'US Abdomen limited right upper quadrant',
    weight: 4,
    minAge: 12,
    indications: [
      stat('RUQ pain, fever and positive Murphy sign; evaluate for acute cholecystitis', adult),
      urgent('Postprandial RUQ pain; evaluate for gallstones'),
      routine('Follow-up of gallbladder polyp', adult),
    ],
  },
  usAppendix: {
    modality: 'US',
    bodyPart: 'abdomen',
    description: 'US Appendix',
    weight: 2,
    minAge: 2,
    maxAge: 30,
    indications: [
      stat('RLQ pain, vomiting and fever; evaluate for appendicitis'),
      urgent('Periumbilical pain migrating to the right lower quadrant; evaluate for appendicitis'),
    ],
  },
  usRenal: {
    modality: 'US',
    bodyPart: 'kidney',
    description: 'US Renal and bladder',
    weight: 4,
    indications: [
      urgent(
        'Acute kidney injury, creatinine 2.4 mg/dL from baseline 1.1; evaluate for hydronephrosis',
        adult,
      ),
      routine(
        'Recurrent febrile urinary tract infections in a child; evaluate for hydronephrosis or scarring',
        { maxAge: 12 },
      ),
      routine('Chronic kidney disease with declining eGFR; evaluate kidney size', adult),
      routine('Benign prostatic hyperplasia with elevated post-void residual', {
        sex: 'male',
        minAge: 45,
      }),
    ],
  },
  usThyroid: {
    modality: 'US',
    bodyPart: 'thyroid',
    description: 'US Thyroid',
    weight: 3,
    minAge: 10,
    indications: [
      routine('Palpable thyroid nodule'),
      routine('Follow-up of TI-RADS 3 right thyroid nodule', adult),
      routine('Incidental thyroid nodule on CT', adult),
    ],
  },
  usPelvis: {
    modality: 'US',
    bodyPart: 'pelvis',
    description: 'US Pelvis transabdominal and transvaginal',
    weight: 3,
    sex: 'female',
    minAge: 14,
    indications: [
      stat('Acute unilateral pelvic pain with vomiting; evaluate for ovarian torsion', {
        maxAge: 50,
      }),
      stat(
        'Positive pregnancy test with vaginal bleeding and pelvic pain; evaluate for ectopic pregnancy',
        { minAge: 16, maxAge: 45 },
      ),
      routine('Postmenopausal bleeding; evaluate endometrial thickness', { minAge: 50 }),
      routine('Menorrhagia; evaluate for fibroids', { minAge: 25, maxAge: 55 }),
    ],
  },
  usScrotum: {
    modality: 'US',
    bodyPart: 'scrotum',
    description: 'US Scrotum with Doppler',
    weight: 1,
    sex: 'male',
    indications: [
      stat('Acute testicular pain with absent cremasteric reflex; evaluate for torsion', {
        minAge: 8,
        maxAge: 30,
      }),
      routine('Palpable testicular lump', { minAge: 15, maxAge: 60 }),
    ],
  },
  usLegVeinsLeft: {
    modality: 'US',
    bodyPart: 'leg',
    description: 'US Venous Doppler lower extremity left',
    weight: 4,
    minAge: 14,
    indications: [
      urgent('Left calf swelling and pain; evaluate for DVT'),
      urgent('Left leg swelling after knee arthroplasty; evaluate for DVT', { minAge: 45 }),
    ],
  },
  usCarotid: {
    modality: 'US',
    bodyPart: 'neck',
    description: 'US Carotid Doppler bilateral',
    weight: 2,
    minAge: 40,
    indications: [
      urgent('Transient right arm weakness; evaluate for carotid stenosis'),
      routine('Asymptomatic carotid bruit', { minAge: 50 }),
    ],
  },
  usBreastLeft: {
    modality: 'US',
    bodyPart: 'breast',
    description: 'US Breast left targeted',
    weight: 2,
    sex: 'female',
    minAge: 18,
    indications: [
      urgent('Palpable left breast lump'),
      routine('Follow-up of probably benign left breast mass, BI-RADS 3'),
    ],
  },
  usLiverDoppler: {
    modality: 'US',
    bodyPart: 'liver',
    description: 'US Liver with Doppler',
    weight: 1,
    minAge: 18,
    indications: [
      urgent('Cirrhosis with new ascites; evaluate portal vein patency'),
      routine('Cirrhosis; hepatocellular carcinoma surveillance'),
      routine('Surveillance of TIPS patency'),
    ],
  },
  usAorta: {
    modality: 'US',
    bodyPart: 'abdomen',
    description: 'US Aorta screening',
    weight: 1,
    sex: 'male',
    minAge: 65,
    maxAge: 75,
    indications: [routine('Abdominal aortic aneurysm screening; former smoker')],
  },

  // ---- NM ----------------------------------------------------------------------------------
  nmBoneScan: {
    modality: 'NM',
    bodyPart: 'whole body',
    description: 'NM Bone scan whole body',
    weight: 2,
    minAge: 30,
    indications: [
      routine('Prostate cancer with rising PSA; evaluate for osseous metastases', {
        sex: 'male',
        minAge: 45,
      }),
      routine('Breast cancer with new back pain; evaluate for metastases', { sex: 'female' }),
      routine('Staging of high-risk prostate cancer', { sex: 'male', minAge: 45 }),
    ],
  },
  nmMyocardialPerfusion: {
    modality: 'NM',
    bodyPart: 'heart',
    description: 'NM Myocardial perfusion SPECT',
    weight: 2,
    minAge: 35,
    indications: [
      urgent('Chest pain with negative troponins; risk stratification before discharge'),
      routine('Exertional chest pain, unable to exercise; evaluate for ischemia', { minAge: 40 }),
      routine('Preoperative cardiac risk assessment before vascular surgery', { minAge: 50 }),
    ],
  },
  petCt: {
    modality: 'NM',
    bodyPart: 'whole body',
    description: 'PET/CT skull base to mid-thigh',
    weight: 2,
    minAge: 18,
    indications: [
      routine('Initial staging of newly diagnosed non-small cell lung cancer', { minAge: 35 }),
      routine('Restaging of diffuse large B-cell lymphoma after 4 cycles of R-CHOP'),
      routine('Solitary pulmonary nodule 1.8 cm; characterize', { minAge: 35 }),
      routine('Staging of melanoma with positive sentinel node'),
    ],
  },
  nmLungVq: {
    modality: 'NM',
    bodyPart: 'chest',
    description: 'NM Lung ventilation perfusion scan',
    weight: 1,
    minAge: 16,
    indications: [
      stat('Suspected pulmonary embolism with iodinated contrast allergy'),
      urgent('Dyspnea in pregnancy; evaluate for pulmonary embolism', {
        sex: 'female',
        minAge: 18,
        maxAge: 45,
      }),
      routine('Chronic thromboembolic pulmonary hypertension work-up', adult),
    ],
  },
  nmHida: {
    modality: 'NM',
    bodyPart: 'liver',
    description: 'NM Hepatobiliary scan (HIDA)',
    weight: 1,
    indications: [
      urgent('RUQ pain with equivocal ultrasound; evaluate for acute cholecystitis', {
        minAge: 16,
      }),
      routine(
        'Recurrent biliary colic with normal ultrasound; measure gallbladder ejection fraction',
        adult,
      ),
      urgent('Persistent jaundice in an infant; evaluate for biliary atresia', { maxAge: 1 }),
    ],
  },
  nmThyroid: {
    modality: 'NM',
    bodyPart: 'thyroid',
    description: 'NM Thyroid uptake and scan',
    weight: 1,
    minAge: 14,
    indications: [
      routine(
        'Hyperthyroidism with suppressed TSH; differentiate Graves disease from toxic nodular goiter',
      ),
    ],
  },
  nmParathyroid: {
    modality: 'NM',
    bodyPart: 'neck',
    description: 'NM Parathyroid scan SPECT/CT',
    weight: 1,
    minAge: 18,
    indications: [
      routine('Primary hyperparathyroidism; localize parathyroid adenoma before surgery'),
    ],
  },
  nmRenal: {
    modality: 'NM',
    bodyPart: 'kidney',
    description: 'NM Renal scan MAG3 with furosemide',
    weight: 1,
    indications: [
      routine('Hydronephrosis; evaluate for ureteropelvic junction obstruction'),
      urgent('Rising creatinine after renal transplant; evaluate graft perfusion', adult),
    ],
  },
  nmGastricEmptying: {
    modality: 'NM',
    bodyPart: 'abdomen',
    description: 'NM Gastric emptying study',
    weight: 1,
    minAge: 16,
    indications: [
      routine(
        'Early satiety, nausea and bloating in a diabetic patient; evaluate for gastroparesis',
      ),
    ],
  },
} satisfies Record<string, Study>

export type StudyCode = keyof typeof STUDIES

/** True when a patient of this age and sex fits the study or indication. */
export function fits(who: Eligibility, age: number, sex: string): boolean {
  if (who.sex !== undefined && who.sex !== sex) return false
  if (who.minAge !== undefined && age < who.minAge) return false
  if (who.maxAge !== undefined && age > who.maxAge) return false
  return true
}

/** Whole years between a YYYY-MM-DD birth date and `now`, counting a birthday not yet reached. */
export function ageAt(dateOfBirth: string, now: Date): number {
  const [year, month, day] = dateOfBirth.split('-').map(Number)
  if (year === undefined || month === undefined || day === undefined) return 0
  const beforeBirthday =
    now.getUTCMonth() + 1 < month || (now.getUTCMonth() + 1 === month && now.getUTCDate() < day)
  return now.getUTCFullYear() - year - (beforeBirthday ? 1 : 0)
}
