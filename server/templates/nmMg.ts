/** Normal nuclear medicine and mammography templates, written for Readout. */
import { template } from './define'

export const NM_MG_TEMPLATES = [
  template(
    'nm-bone-scan',
    'NM Bone scan whole body, normal',
    'NM',
    'whole body',
    {
      technique:
        'Whole-body planar images [3] hours after IV injection of [activity] MBq Tc-99m MDP.',
      findings:
        'Physiological and symmetric tracer distribution throughout the skeleton. No focal increased or decreased uptake to suggest metastasis, fracture or infection. Kidneys and bladder visualised normally.',
      impression: 'No scintigraphic evidence of osseous metastatic disease.',
    },
    ['bone'],
  ),
  template('nm-mpi', 'NM Myocardial perfusion SPECT, normal', 'NM', 'heart', {
    technique:
      'Rest and [exercise/pharmacological] stress SPECT after Tc-99m [sestamibi/tetrofosmin]; gated acquisition.',
    findings:
      'Stress: [duration] minutes, [value]% of maximum predicted heart rate, [no] symptoms, [no] ischaemic ECG changes. Perfusion is homogeneous at stress and rest without a fixed or reversible defect. LVEF [value]% with normal wall motion. No transient ischaemic dilatation.',
    impression: 'Normal myocardial perfusion study; no ischaemia or infarct.',
  }),
  template(
    'pet-ct',
    'PET/CT skull base to mid-thigh, no FDG-avid disease',
    'NM',
    'whole body',
    {
      technique:
        'FDG PET/CT from the skull base to the mid-thigh [60] minutes after [activity] MBq F-18 FDG; blood glucose [value] mmol/L. Low-dose CT for attenuation correction and localisation.',
      findings:
        'Head and neck: physiological uptake only. Chest: no FDG-avid nodule, mass or node. Abdomen and pelvis: physiological bowel and urinary activity; no abnormal focus. Skeleton: no FDG-avid lesion. Liver SUVmax [value]; mediastinal blood pool SUVmax [value].',
      impression: 'No FDG-avid disease.',
    },
    ['pet', 'fdg'],
  ),
  template(
    'nm-vq',
    'NM Lung ventilation perfusion scan, normal',
    'NM',
    'chest',
    {
      technique:
        'Ventilation with [Tc-99m DTPA aerosol/Technegas] and perfusion with Tc-99m MAA, planar and SPECT.',
      findings:
        'Perfusion is homogeneous in both lungs without segmental defect. Ventilation is uniform. Chest radiograph of [date] is clear.',
      impression: 'Normal ventilation perfusion scan; pulmonary embolism excluded.',
    },
    ['ventilation', 'perfusion', 'vq'],
  ),
  template(
    'nm-hida',
    'NM Hepatobiliary scan (HIDA), normal',
    'NM',
    'liver',
    {
      technique: 'Dynamic imaging for [60] minutes after IV Tc-99m mebrofenin.',
      findings:
        'Prompt hepatic uptake. The gallbladder fills by [time] minutes. Tracer reaches the small bowel by [time] minutes. [Gallbladder ejection fraction [value]% after CCK.]',
      impression:
        'Patent cystic and common bile ducts; no scintigraphic evidence of acute cholecystitis.',
    },
    ['hida', 'hepatobiliary'],
  ),
  template('nm-thyroid', 'NM Thyroid uptake and scan, normal', 'NM', 'thyroid', {
    technique:
      'Thyroid uptake at [4] and 24 hours after oral [I-123] with pinhole images of the neck.',
    findings:
      '24-hour uptake [value]% (normal [range]%). Thyroid normal in size and position with homogeneous tracer distribution. No hot or cold nodule.',
    impression: 'Normal thyroid uptake and scan.',
  }),
  template(
    'nm-parathyroid',
    'NM Parathyroid scan SPECT/CT, negative',
    'NM',
    'neck',
    {
      technique: 'Dual-phase Tc-99m sestamibi imaging with SPECT/CT of the neck and mediastinum.',
      findings:
        'Symmetric thyroid uptake with normal washout. No focus of retained tracer in the neck or mediastinum on delayed images. No ectopic focus.',
      impression: 'No scintigraphic evidence of a parathyroid adenoma.',
    },
    ['parathyroid'],
  ),
  template(
    'nm-mag3',
    'NM Renal scan MAG3 with furosemide, normal',
    'NM',
    'kidney',
    {
      technique: 'Dynamic renography after IV Tc-99m MAG3, with furosemide at [time] minutes.',
      findings:
        'Prompt and symmetric uptake. Split function: left [value]%, right [value]%. Time to peak [time] minutes. Prompt drainage after furosemide with a half-time of [time] minutes on both sides.',
      impression: 'Normal and symmetric renal function without obstruction.',
    },
    ['mag3', 'renal'],
  ),
  template(
    'nm-gastric-emptying',
    'NM Gastric emptying study, normal',
    'NM',
    'abdomen',
    {
      technique:
        'Imaging at 0, 1, 2 and 4 hours after a Tc-99m sulphur colloid labelled standard meal.',
      findings: 'Gastric retention: [value]% at 1 hour, [value]% at 2 hours, [value]% at 4 hours.',
      impression: 'Normal gastric emptying.',
    },
    ['gastric', 'emptying'],
  ),
  template(
    'mg-screening',
    'Mammography screening bilateral, BI-RADS 1',
    'MG',
    'breast',
    {
      technique: 'Bilateral CC and MLO digital [mammography/tomosynthesis].',
      findings:
        'Breast composition [a/b/c/d]. No suspicious mass, calcification or architectural distortion in either breast. Skin and nipples unremarkable. No axillary lymphadenopathy.',
      impression: 'BI-RADS 1: negative. Routine screening in [12/24] months.',
    },
    ['screening', 'mammography', 'mammogram'],
  ),
  template(
    'mg-diagnostic',
    'Mammography diagnostic, BI-RADS 1',
    'MG',
    'breast',
    {
      technique:
        'Bilateral CC and MLO digital mammography with additional [spot compression/magnification] views of the [left/right] breast.',
      findings:
        'Breast composition [a/b/c/d]. At the site of concern in the [left/right] breast, [clock position], no mass, calcification or distortion. No other suspicious finding.',
      impression: 'BI-RADS 1: negative. [Clinical follow-up of the palpable area.]',
    },
    ['diagnostic', 'mammography'],
  ),
]
