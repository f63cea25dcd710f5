/** The grammar of voice commands (VC), as plain functions: what a final phrase says to do. */
import { describe, expect, it } from 'vitest'
import {
  commandPhrases,
  interimText,
  parseVoicePhrase,
  typedWords,
} from '../../../../src/features/dictation'

const text = (value: string) => ({ type: 'text', text: value })
const command = (value: object) => ({ type: 'command', command: value })

describe('voice commands in a phrase', () => {
  it('VC-9 a command is recognised in any letter case, without the punctuation the recognizer adds', () => {
    expect(parseVoicePhrase('Next field.', 'report')).toEqual([command({ type: 'nextField' })])
    expect(parseVoicePhrase('PREVIOUS FIELD', 'report')).toEqual([
      command({ type: 'previousField' }),
    ])
    expect(parseVoicePhrase('Scratch that!', 'report')).toEqual([command({ type: 'scratchThat' })])
    expect(parseVoicePhrase('New paragraph.', 'text')).toEqual([command({ type: 'newParagraph' })])
    expect(parseVoicePhrase('Stop dictation.', 'text')).toEqual([
      command({ type: 'stopDictation' }),
    ])
  })

  it('VC-9 words before a command are typed first, words after it next', () => {
    expect(parseVoicePhrase('small effusion next field', 'report')).toEqual([
      text('small effusion'),
      command({ type: 'nextField' }),
    ])
    expect(parseVoicePhrase('Small effusion, next field. Mild.', 'report')).toEqual([
      text('Small effusion'),
      command({ type: 'nextField' }),
      text('Mild.'),
    ])
    expect(typedWords(parseVoicePhrase('Small effusion, next field. Mild.', 'report'))).toBe(
      'Small effusion Mild.',
    )
  })

  it('VC-6 "go to" names any section of the report, the impression too', () => {
    expect(parseVoicePhrase('Go to findings.', 'report')).toEqual([
      command({ type: 'goTo', section: 'findings' }),
    ])
    expect(parseVoicePhrase('go to Impression', 'report')).toEqual([
      command({ type: 'goTo', section: 'impression' }),
    ])
    expect(parseVoicePhrase('Go to comparison.', 'report')).toEqual([
      command({ type: 'goTo', section: 'comparison' }),
    ])
    // Not a section: words like any others.
    expect(parseVoicePhrase('Go to theatre.', 'report')).toEqual([text('Go to theatre.')])
  })

  it('VC-7 VC-8 "insert NAME" names a macro, the longest known name first; an unknown name opening a sentence is a command too', () => {
    const macros = ['Normal', 'normal chest']
    expect(parseVoicePhrase('Insert normal chest.', 'report', macros)).toEqual([
      command({ type: 'insert', name: 'normal chest', known: true }),
    ])
    expect(parseVoicePhrase('Lungs clear insert normal', 'report', macros)).toEqual([
      text('Lungs clear'),
      command({ type: 'insert', name: 'Normal', known: true }),
    ])
    expect(parseVoicePhrase('Insert spine normal.', 'report', macros)).toEqual([
      command({ type: 'insert', name: 'spine normal', known: false }),
    ])
    // Inside a sentence, an unknown name leaves "insert" a word.
    expect(parseVoicePhrase('Catheter insert site clean.', 'report', macros)).toEqual([
      text('Catheter insert site clean.'),
    ])
  })

  it('VC-10 in free text (chat, addendum) only scratch that, new paragraph and stop dictation are commands', () => {
    expect(parseVoicePhrase('next field go to findings insert normal', 'text', ['normal'])).toEqual(
      [text('next field go to findings insert normal')],
    )
    expect(parseVoicePhrase('Any nodules? Scratch that.', 'text')).toEqual([
      text('Any nodules?'),
      command({ type: 'scratchThat' }),
    ])
  })

  it('VC-9 an interim result shows only the words before its first command', () => {
    expect(interimText('small effusion next field', 'report')).toBe('small effusion')
    expect(interimText('next field', 'report')).toBe('')
    expect(interimText('lungs are', 'text')).toBe('lungs are')
  })

  it('VC-12 the commands, and "insert NAME" for each macro in the report, are the recognizer hints', () => {
    expect(commandPhrases('text')).toEqual(['scratch that', 'new paragraph', 'stop dictation'])
    const report = commandPhrases('report', ['nml lungs'])
    expect(report).toEqual(
      expect.arrayContaining([
        'next field',
        'previous field',
        'scratch that',
        'new paragraph',
        'stop dictation',
        'go to history',
        'go to technique',
        'go to comparison',
        'go to findings',
        'go to impression',
        'insert nml lungs',
      ]),
    )
  })
})
