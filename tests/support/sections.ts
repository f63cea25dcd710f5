/** A short normal report's sections, for server tests that only need some report to write. */
export const normalSections = {
  history: '',
  technique: '',
  comparison: '',
  findings: 'No acute findings.',
  impression: 'Normal.',
}
