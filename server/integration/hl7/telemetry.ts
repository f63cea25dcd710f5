/**
 * What the HL7 edge tells the operators' metrics (OPS-10): codes only, never a value of a
 * message. The composition root passes the metrics' side (server/ops/metrics.ts); tests and
 * tools that build the edge alone pass nothing.
 */
export interface Hl7Telemetry {
  /** A message read and answered: its type (MSH-9) and the acknowledgement code sent. */
  received(type: string, ack: string): void
  /** A result's delivery attempt ended: its kind and the receiver's code, or why it failed. */
  delivered(kind: string, outcome: string): void
  /** Something went wrong that no acknowledgement tells: a message unread or unstored, the outbox loop. */
  failed(stage: 'listener' | 'outbox'): void
}

export const noTelemetry: Hl7Telemetry = {
  received: () => undefined,
  delivered: () => undefined,
  failed: () => undefined,
}
