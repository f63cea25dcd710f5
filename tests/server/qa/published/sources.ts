/**
 * The published work each held-out case is written after. Citations are given from the published
 * record; no case quotes a source: each is a sentence of our own that exemplifies the error type
 * (or, for a clean case, the correct phrasing) the source reports.
 */
export const SOURCES = {
  sangwaiya2009:
    'Sangwaiya MJ, Saini S, Blake MA, Dreyer KJ, Kalra MK. Errare humanum est: frequency of laterality errors in radiology reports. AJR Am J Roentgenol. 2009;192(5):W239-W244.',
  luetmer2013:
    'Luetmer MT, Hunt CH, McDonald RJ, Bartholmai BJ, Kallmes DF. Laterality errors in radiology reports generated with and without voice recognition software: frequency and clinical significance. J Am Coll Radiol. 2013;10(7):538-543.',
  landau2015:
    'Landau E, Hirschorn D, Koutras I, Malek A, Demissie S. Preventing errors in laterality. J Digit Imaging. 2015;28(2):240-246.',
  quint2008:
    'Quint LE, Quint DJ, Myles JD. Frequency and spectrum of errors in final radiology reports generated with automatic speech recognition technology. J Am Coll Radiol. 2008;5(12):1196-1199.',
  ringler2017:
    'Ringler MD, Goss BC, Bartholmai BJ. Syntactic and semantic errors in radiology reports associated with speech recognition software. Health Informatics J. 2017;23(1):3-13.',
  minn2015:
    'Minn MJ, Zandieh AR, Filice RW. Improving radiology report quality by rapidly notifying radiologist of report errors. J Digit Imaging. 2015;28(4):492-498.',
  chang2011:
    'Chang CA, Strahan R, Jolley D. Non-clinical errors using voice recognition dictation software for radiology reports: a retrospective audit. J Digit Imaging. 2011;24(4):724-728.',
  motyer2016:
    'Motyer RE, Liddy S, Torreggiani WC, Buckley O. Frequency and analysis of non-clinical errors made in radiology reports using the National Integrated Medical Imaging System voice recognition dictation software. Ir J Med Sci. 2016;185(4):921-927.',
  basma2011:
    'Basma S, Lord B, Jacks LM, Rizk M, Scaranelo AM. Error rates in breast imaging reports: comparison of automatic speech recognition and dictation transcription. AJR Am J Roentgenol. 2011;197(4):923-927.',
  vosshenrich2021:
    'Vosshenrich J, Nesic I, Cyriac J, Boll DT, Merkle EM, Heye T. Revealing the most common reporting errors through data mining of the report proofreading process. Eur Radiol. 2021;31(4):2115-2125.',
  hawkins2012:
    'Hawkins CM, Hall S, Hardin J, Salisbury S, Towbin AJ. Prepopulated radiology report templates: a prospective analysis of error rate and turnaround time. J Digit Imaging. 2012;25(4):504-511.',
  zhou2018:
    'Zhou L, Blackley SV, Kowalski L, et al. Analysis of errors in dictated clinical documents assisted by speech recognition software and professional transcriptionists. JAMA Netw Open. 2018;1(3):e180530.',
  radreport:
    'RSNA RadReport Template Library, https://radreport.org (the normal-study phrasing of its structured templates; no template text quoted).',
  acrVenous:
    'ACR-AIUM-SPR-SRU Practice Parameter for the Performance of Peripheral Venous Ultrasound Examination, https://www.acr.org (a unilateral study includes the contralateral common femoral vein waveform).',
} as const

/** "Written after" a source: the error type it reports, in a sentence of our own. */
export const after = (source: keyof typeof SOURCES, what: string): string =>
  `${what}; written after the error type reported by ${SOURCES[source]}`

/** A clean counterpart: the same kind of report, correct, as the source's study would count it. */
export const cleanAfter = (source: keyof typeof SOURCES, what: string): string =>
  `${what}; the correct counterpart of the reports reviewed by ${SOURCES[source]}`

/** A normal phrasing in the style a public template or practice parameter sets out. */
export const phrasedAfter = (source: keyof typeof SOURCES, what: string): string =>
  `${what}; phrased after ${SOURCES[source]}`
