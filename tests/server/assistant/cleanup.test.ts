import { describe, expect, it } from 'vitest'
import { createLocalAssistant } from '../../../server/assistant/local'

const assistant = createLocalAssistant()

function clean(text: string) {
  return assistant.cleanup({ text, modality: 'CT', bodyPart: 'Chest' })
}

describe('local assistant: dictation cleanup', () => {
  it.each([
    ['liver normal period spleen normal full stop', 'Liver normal. Spleen normal.'],
    ['no effusion comma no pneumothorax', 'No effusion, no pneumothorax'],
    ['impression colon benign', 'Impression: benign'],
    ['stable semicolon no new nodules', 'Stable; no new nodules'],
    ['any change question mark', 'Any change?'],
    ['findings new line clear lungs', 'Findings\nClear lungs'],
    ['findings new paragraph clear lungs', 'Findings\n\nClear lungs'],
    ['Liver normal PERIOD Spleen normal Full Stop', 'Liver normal. Spleen normal.'],
  ])('turns spoken punctuation into punctuation: %j', async (spoken, written) => {
    expect(await clean(spoken)).toBe(written)
  })

  it.each([
    ['a new line was placed in the right atrium', 'A new line was placed in the right atrium'],
    ['the colon is unremarkable', 'The colon is unremarkable'],
    ['sigmoid colon diverticulosis', 'Sigmoid colon diverticulosis'],
    ['findings colon is unremarkable', 'Findings colon is unremarkable'],
    ['in the postoperative period', 'In the postoperative period'],
    ['over a three month period', 'Over a 3 month period'],
    ['there is a question mark over this', 'There is a question mark over this'],
  ])('keeps a punctuation word that is a clinical word: %j', async (spoken, written) => {
    expect(await clean(spoken)).toBe(written)
  })

  it('removes fillers in any case as whole words, with the comma after them', async () => {
    expect(await clean('Um, the liver uh is er normal AH hmm period')).toBe('The liver is normal.')
    expect(await clean('umbilical hernia, uhm, hummus')).toBe('Umbilical hernia, uhm, hummus')
  })

  it('keeps ER in capitals, the abbreviation, while er is a filler', async () => {
    expect(await clean('er ER positive tumor')).toBe('ER positive tumor')
  })

  it('capitalises the first letter of the text and of each sentence', async () => {
    expect(await clean('liver normal. spleen normal? kidneys normal! bladder normal')).toBe(
      'Liver normal. Spleen normal? Kidneys normal! Bladder normal',
    )
    expect(await clean('liver normal new line spleen normal')).toBe('Liver normal\nSpleen normal')
    expect(await clean('(small effusion) period no pneumothorax')).toBe(
      '(Small effusion). No pneumothorax',
    )
  })

  it('never lowers a capital and leaves the rest of a word alone', async () => {
    expect(await clean('CT of the abdomen shows MRI-compatible clips')).toBe(
      'CT of the abdomen shows MRI-compatible clips',
    )
  })

  it.each([
    ['five millimeters', '5 mm'],
    ['a five millimeter nodule', 'A 5 mm nodule'],
    ['twelve mm', '12 mm'],
    ['two point five centimeters', '2.5 cm'],
    ['one point two five centimetres', '1.25 cm'],
    ['point five centimeters', '0.5 cm'],
    ['three by four centimeters', '3 x 4 cm'],
    ['one by two by three centimeters', '1 x 2 x 3 cm'],
    ['three centimeters by four centimeters', '3 cm x 4 cm'],
    ['one hundred twenty', '120'],
    ['one hundred and twenty milliliters', '120 mL'],
    ['two thousand and five', '2005'],
    ['forty Hounsfield units', '40 HU'],
    ['minus twenty hu', 'Minus 20 HU'],
    ['thirty degrees of angulation', '30 degrees of angulation'],
    ['twenty five', '25'],
    ['zero point five', '0.5'],
    ['5 millimeters', '5 mm'],
    ['3 by 4 CM', '3 x 4 cm'],
    ['one millimeter', '1 mm'],
  ])('writes spoken numbers and units as digits and abbreviations: %j', async (spoken, written) => {
    expect(await clean(spoken)).toBe(written)
  })

  it('keeps number words that are prose', async () => {
    expect(await clean('the larger one is stable')).toBe('The larger one is stable')
    expect(await clean('one of the nodules')).toBe('One of the nodules')
    expect(await clean('at this point five nodules are seen')).toBe(
      'At this point 5 nodules are seen',
    )
    expect(await clean('measured by two observers')).toBe('Measured by 2 observers')
    // Two numbers in a row are not one number: leave them for the reader.
    expect(await clean('since twenty nineteen')).toBe('Since twenty nineteen')
    expect(await clean('five and six millimeters')).toBe('5 and 6 mm')
  })

  it('does not abbreviate a unit word that follows no number', async () => {
    expect(await clean('measured in millimeters')).toBe('Measured in millimeters')
  })

  it('writes spine levels and MR sequences spoken with a number word', async () => {
    expect(await clean('disc bulge at L four L five and L five S one')).toBe(
      'Disc bulge at L4 L5 and L5 S1',
    )
    expect(await clean('T two hyperintense')).toBe('T2 hyperintense')
  })

  it.each([
    ['the sonographic murphy sign is positive period', 'The sonographic Murphy sign is positive.'],
    ['fluid in morison pouch', 'Fluid in Morison pouch'],
    ['a bosniak category two f cyst', 'A Bosniak category 2 f cyst'],
    ['the lesion is bosniak three', 'The lesion is Bosniak 3'],
    [
      "history of crohn's disease and non-hodgkin lymphoma",
      "History of Crohn's disease and non-Hodgkin lymphoma",
    ],
    ['a hill-sachs lesion and a bankart lesion', 'A Hill-Sachs lesion and a Bankart lesion'],
    ['a salter harris type two fracture', 'A Salter Harris type 2 fracture'],
    ['a mallory weiss tear', 'A Mallory Weiss tear'],
    ['creutzfeldt jakob disease', 'Creutzfeldt Jakob disease'],
    ['known graves disease', 'Known Graves disease'],
    ["a small baker cyst comma no baker's cysts", "A small Baker cyst, no Baker's cysts"],
    ['in keeping with bell palsy', 'In keeping with Bell palsy'],
    ['a jones fracture', 'A Jones fracture'],
    ['(murphy sign)', '(Murphy sign)'],
    ['measured in hounsfield units', 'Measured in Hounsfield units'],
    ['density of forty hounsfield units', 'Density of 40 HU'],
  ])('capitalises an eponym dictated in lower case: %j', async (spoken, written) => {
    expect(await clean(spoken)).toBe(written)
  })

  it.each([
    'The bell of the trumpet',
    'Visited the graves of his parents',
    'Works as a baker',
    'A baker and a smith',
    'A keen hill walker',
    'By chance a small cyst was seen',
    'The sonographic MURPHY sign is positive',
    'Positive Murphy sign',
  ])('leaves an ordinary word or an eponym not in lower case as it is: %j', async (text) => {
    expect(await clean(text)).toBe(text)
  })

  it('normalises spacing around words, punctuation and line breaks', async () => {
    expect(await clean('  liver   normal ,spleen normal .  \n\n  kidneys  normal  ')).toBe(
      'Liver normal, spleen normal.\n\nKidneys normal',
    )
    expect(await clean('nodule comma comma period')).toBe('Nodule,,.')
    expect(await clean('')).toBe('')
    expect(await clean('um uh')).toBe('')
  })

  it('keeps decimals, times and abbreviations with inner punctuation intact', async () => {
    expect(await clean('measures 2.5 cm at 10:30 e.g. today')).toBe(
      'Measures 2.5 cm at 10:30 e.g. Today',
    )
  })

  it('cleans a realistic dictation', async () => {
    const dictated =
      'um findings colon there is a two point three by one point eight centimeter mass in the right upper lobe period uh no pleural effusion period new paragraph impression colon right upper lobe mass comma suspicious for malignancy period'
    expect(await clean(dictated)).toBe(
      'Findings: there is a 2.3 x 1.8 cm mass in the right upper lobe. No pleural effusion.\n\nImpression: right upper lobe mass, suspicious for malignancy.',
    )
  })

  it('changes nothing when cleaning cleaned text', async () => {
    for (const text of [
      'um findings colon five by three millimeters comma the larger one period new line T two bright',
      'since twenty nineteen the colon is normal in the postoperative period',
      'at this point five nodules question mark new paragraph ER positive',
      'murphy sign comma hill-sachs lesion comma salter harris fracture comma graves disease',
    ]) {
      const once = await clean(text)
      expect(await clean(once), text).toBe(once)
    }
  })
})
