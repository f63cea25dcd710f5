/**
 * Prometheus' text exposition format (version 0.0.4), read strictly and independently of
 * prom-client (which writes it and parses nothing): every line is a `# HELP`, a `# TYPE`, a
 * sample or blank; every sample belongs to a family whose TYPE came before it; names, label
 * names, escaped label values and values are checked against the format's grammar. Anything else
 * throws, naming the line.
 */
export interface Sample {
  name: string
  labels: Record<string, string>
  value: number
}

export interface Exposition {
  /** Family name to its declared type. */
  types: Map<string, string>
  samples: Sample[]
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*'
const LABEL = '[a-zA-Z_][a-zA-Z0-9_]*'
// Go's ParseFloat, which Prometheus reads values with: NaN and Inf in any case (prom-client
// writes `Nan`).
const VALUE = String.raw`(?:[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?|[nN][aA][nN]|[+-]?[iI][nN][fF])`
const LABEL_PAIR = String.raw`${LABEL}="(?:[^"\\\n]|\\[\\"n])*"`
const SAMPLE = new RegExp(
  String.raw`^(${NAME})(?:\{((?:${LABEL_PAIR}(?:,${LABEL_PAIR})*)?,?)\})? (${VALUE})(?: -?\d+)?$`,
)
const HELP = new RegExp(`^# HELP (${NAME}) .*$`)
const TYPE = new RegExp(`^# TYPE (${NAME}) (counter|gauge|histogram|summary|untyped)$`)
const SUFFIXES: Record<string, string[]> = {
  histogram: ['_bucket', '_sum', '_count'],
  summary: ['_sum', '_count', ''],
}

function parseValue(text: string): number {
  const lower = text.toLowerCase()
  if (lower === 'nan') return Number.NaN
  if (lower === '+inf' || lower === 'inf') return Number.POSITIVE_INFINITY
  if (lower === '-inf') return Number.NEGATIVE_INFINITY
  return Number(text)
}

function parseLabels(text: string | undefined): Record<string, string> {
  const labels: Record<string, string> = {}
  if (!text) return labels
  for (const match of text.matchAll(
    new RegExp(`(${LABEL})="((?:[^"\\\\\\n]|\\\\[\\\\"n])*)"`, 'g'),
  )) {
    const [, name = '', raw = ''] = match
    if (name in labels) throw new Error(`label ${name} given twice in {${text}}`)
    labels[name] = raw.replace(/\\(["\\n])/g, (_, c: string) => (c === 'n' ? '\n' : c))
  }
  return labels
}

/** The family a sample named `name` belongs to, given the families declared so far. */
function familyOf(name: string, types: Map<string, string>): string | undefined {
  if (types.has(name)) return name
  for (const [family, type] of types) {
    for (const suffix of SUFFIXES[type] ?? []) if (name === `${family}${suffix}`) return family
  }
  return undefined
}

export function parseExposition(text: string): Exposition {
  const types = new Map<string, string>()
  const samples: Sample[] = []
  text.split('\n').forEach((line, index) => {
    const where = `line ${index + 1}: ${JSON.stringify(line)}`
    if (line === '' || HELP.test(line)) return
    const type = TYPE.exec(line)
    if (type) {
      const [, name = '', kind = ''] = type
      if (types.has(name)) throw new Error(`TYPE given twice, ${where}`)
      types.set(name, kind)
      return
    }
    if (line.startsWith('#')) throw new Error(`not a HELP or TYPE comment, ${where}`)
    const sample = SAMPLE.exec(line)
    if (!sample) throw new Error(`not a sample, ${where}`)
    const [, name = '', labels, value = ''] = sample
    if (!familyOf(name, types)) throw new Error(`a sample before its family's TYPE, ${where}`)
    samples.push({ name, labels: parseLabels(labels), value: parseValue(value) })
  })
  return { types, samples }
}

/** The samples named `name` whose labels include `labels`. */
export function samplesOf(
  exposition: Exposition,
  name: string,
  labels: Record<string, string> = {},
): Sample[] {
  return exposition.samples.filter(
    (sample) =>
      sample.name === name &&
      Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  )
}
