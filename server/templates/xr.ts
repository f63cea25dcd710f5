/** Normal radiograph templates, written for Readout. */
import { template } from './define'

const NO_FRACTURE =
  'No fracture or dislocation. Joint spaces are preserved. Soft tissues unremarkable.'

export const XR_TEMPLATES = [
  template(
    'xr-chest-pa-lat',
    'XR Chest PA and lateral, normal',
    'XR',
    'chest',
    {
      technique: 'PA and lateral views of the chest.',
      findings:
        'Lungs are clear without focal consolidation. No pleural effusion or pneumothorax. Cardiomediastinal silhouette is within normal limits. No acute osseous abnormality.',
      impression: 'No acute cardiopulmonary process.',
    },
    ['pa', 'lateral'],
  ),
  template(
    'xr-chest-portable',
    'XR Chest portable AP, normal',
    'XR',
    'chest',
    {
      technique: 'Single portable AP view of the chest, [supine/semi-erect].',
      findings:
        'Lines and tubes: [none]. Lungs are clear. No effusion or pneumothorax within the limits of a portable film. Heart size cannot be fully assessed on an AP view but appears [normal]. No acute osseous abnormality.',
      impression: 'No acute cardiopulmonary process.',
    },
    ['portable', 'ap'],
  ),
  template(
    'xr-abdomen',
    'XR Abdomen supine and upright, normal',
    'XR',
    'abdomen',
    {
      technique: 'Supine and upright views of the abdomen.',
      findings:
        'Non-obstructive bowel gas pattern. No dilated loops or air-fluid levels. No free intraperitoneal air under the diaphragm. No abnormal calcification. Visualised bones unremarkable.',
      impression: 'No radiographic evidence of bowel obstruction or perforation.',
    },
    ['supine', 'upright'],
  ),
  template(
    'xr-kub',
    'XR Abdomen KUB, normal',
    'XR',
    'abdomen',
    {
      technique: 'Single supine view of the kidneys, ureters and bladder.',
      findings:
        'No radio-opaque calculus projecting over the renal outlines, the expected courses of the ureters or the bladder. Bowel gas pattern is non-specific. Bones unremarkable.',
      impression: 'No radio-opaque urinary tract calculus.',
    },
    ['kub'],
  ),
  template('xr-knee', 'XR Knee 3 views, normal', 'XR', 'knee', {
    technique: 'AP, lateral and skyline views of the [left/right] knee.',
    findings: `${NO_FRACTURE} [No/Small] joint effusion. Patella is normally positioned.`,
    impression: 'Normal radiographs of the [left/right] knee.',
  }),
  template('xr-hip', 'XR Hip 2 views with AP pelvis, normal', 'XR', 'hip', {
    technique: 'AP pelvis with AP and lateral views of the [left/right] hip.',
    findings: `${NO_FRACTURE} Shenton's line is intact. Sacroiliac joints and pubic symphysis unremarkable.`,
    impression: 'No fracture of the [left/right] hip or pelvis.',
  }),
  template('xr-wrist', 'XR Wrist 3 views, normal', 'XR', 'wrist', {
    technique: 'PA, oblique and lateral views of the [left/right] wrist.',
    findings: `${NO_FRACTURE} Scaphoid appears intact. Carpal alignment is normal.`,
    impression:
      'No fracture of the [left/right] wrist. [If scaphoid tenderness persists, repeat views or MRI in 10-14 days.]',
  }),
  template('xr-ankle', 'XR Ankle 3 views, normal', 'XR', 'ankle', {
    technique: 'AP, mortise and lateral views of the [left/right] ankle.',
    findings: `${NO_FRACTURE} Ankle mortise is congruent. Base of the fifth metatarsal intact.`,
    impression: 'No fracture of the [left/right] ankle.',
  }),
  template('xr-shoulder', 'XR Shoulder 3 views, normal', 'XR', 'shoulder', {
    technique: 'AP, Y and axillary views of the [left/right] shoulder.',
    findings: `${NO_FRACTURE} Glenohumeral and acromioclavicular joints are congruent. No abnormal calcification.`,
    impression: 'Normal radiographs of the [left/right] shoulder.',
  }),
  template(
    'xr-hand',
    'XR Hand 3 views, normal',
    'XR',
    'hand',
    {
      technique: 'PA, oblique and lateral views of the [left/right/both] hand(s).',
      findings: `${NO_FRACTURE} No erosion or periarticular osteopenia. Bone mineralisation normal.`,
      impression: 'Normal radiographs of the [left/right/both] hand(s).',
    },
    ['hands', 'hand'],
  ),
  template(
    'xr-bone-age',
    'XR Bone age, concordant',
    'XR',
    'hand',
    {
      technique: 'Single PA view of the left hand and wrist.',
      findings:
        'Chronological age [years] years [months] months. By the Greulich and Pyle standards the bone age is [years] years [months] months (two standard deviations: [value] months).',
      impression: 'Bone age is within two standard deviations of chronological age.',
    },
    ['bone', 'age'],
  ),
  template('xr-foot', 'XR Foot 3 views, normal', 'XR', 'foot', {
    technique: 'AP, oblique and lateral views of the [left/right] foot.',
    findings: `${NO_FRACTURE} Lisfranc alignment is normal.`,
    impression: 'Normal radiographs of the [left/right] foot.',
  }),
  template('xr-lumbar-spine', 'XR Lumbar Spine 2 views, normal', 'XR', 'lumbar spine', {
    technique: 'AP and lateral views of the lumbar spine.',
    findings:
      'Five lumbar-type vertebrae. Vertebral body heights and alignment are maintained. Disc spaces preserved; [no/mild] degenerative change. No spondylolisthesis. Sacroiliac joints unremarkable.',
    impression: 'No acute abnormality of the lumbar spine.',
  }),
  template('xr-cervical-spine', 'XR Cervical Spine 3 views, normal', 'XR', 'cervical spine', {
    technique: 'AP, lateral and open-mouth views of the cervical spine.',
    findings:
      'C1 to C7 seen on the lateral view [to the top of T1]. Alignment is normal along the anterior, posterior and spinolaminar lines. Vertebral body heights maintained. Odontoid intact. Prevertebral soft tissues normal.',
    impression: 'No radiographic abnormality of the cervical spine.',
  }),
  template('xr-thoracic-spine', 'XR Thoracic Spine 2 views, normal', 'XR', 'thoracic spine', {
    technique: 'AP and lateral views of the thoracic spine.',
    findings:
      'Vertebral body heights and alignment are maintained. No compression fracture. Paraspinal lines normal. Disc spaces preserved.',
    impression: 'No acute abnormality of the thoracic spine.',
  }),
  template(
    'xr-scoliosis',
    'XR Scoliosis series, normal',
    'XR',
    'whole spine',
    {
      technique: 'Standing PA and lateral views of the whole spine.',
      findings:
        'Cobb angle [value] degrees from [level] to [level] (no curve above 10 degrees). Sagittal balance maintained. No vertebral anomaly. Risser grade [0-5]. Pelvis level.',
      impression: 'No scoliosis.',
    },
    ['scoliosis'],
  ),
]
