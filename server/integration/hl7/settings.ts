/**
 * The HL7 v2 interface's settings, read with the rest of the environment by
 * ../../config.ts; docs/integration-hl7.md lists them.
 */
import { z } from 'zod'

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()))

/** HL7 v2 over MLLP: orders in (INT-1), results out (INT-13) (docs/integration-hl7.md). */
export interface Hl7Config {
  /** HL7_LISTEN_PORT: the MLLP listener's port on HOST (0: any free port); null: no listener. */
  listenPort: number | null
  /** HL7_SEND_TO: where ORU^R01 results go; null: none are queued. */
  sendTo: { host: string; port: number } | null
  /**
   * HL7_SEND_PRELIMINARY (off by default): a trainee's report sent for review goes out as a
   * preliminary result (OBR-25 P, with HL7_SEND_TO) and as a `preliminary` DiagnosticReport on
   * /fhir (RV-7, RV-10).
   */
  sendPreliminary: boolean
  /** The IANA zone of HL7 times that carry no offset (the server's by default). */
  timeZone: string
  /** MSH-11 processing ids accepted (others answer AR). */
  processingIds: string[]
  /** MSH-3/MSH-4 of what we send and answer; MSH-5/MSH-6 of results. */
  sendingApplication: string
  sendingFacility: string
  receivingApplication: string
  receivingFacility: string
  /** How long a result waits for its acknowledgement before the attempt counts as failed. */
  ackTimeoutMs: number
  /** Backoff of failed deliveries: doubles from `retryMinMs` up to `retryMaxMs`. */
  retryMinMs: number
  retryMaxMs: number
  /** How often the outbox looks for due results without being woken. */
  pollMs: number
  /**
   * Which PID-3 repetition is the MRN (INT-51): its identifier type (CX-5, HL7_MRN_IDENTIFIER_TYPE)
   * and, when set, its assigning authority (CX-4's first component, HL7_MRN_AUTHORITY).
   */
  mrn: { identifierType: string; authority: string | null }
  /**
   * The listener's limits (INT-48..INT-50): a message's size in bytes, how long an idle connection
   * stays open, and how many connections it holds at once.
   */
  maxMessageBytes: number
  idleTimeoutMs: number
  maxConnections: number
}

/** `host:port` (a bracketed IPv6 address too), or null. */
export function parseHostPort(value: string): { host: string; port: number } | null {
  const match = /^(?:\[([^\]]+)\]|([^:\s]+)):(\d{1,5})$/.exec(value)
  const port = Number(match?.[3])
  const host = match?.[1] ?? match?.[2]
  if (!host || !Number.isInteger(port) || port < 1 || port > 65535) return null
  return { host, port }
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

export const hl7Env = {
  HL7_LISTEN_PORT: optionalText.transform((value, ctx) => {
    if (value === undefined) return undefined
    const port = Number(value)
    if (/^\d{1,5}$/.test(value) && port <= 65535) return port
    ctx.addIssue({ code: 'custom', message: `must be a port number (0 to 65535)` })
    return z.NEVER
  }),
  HL7_SEND_TO: optionalText.transform((value, ctx) => {
    if (value === undefined) return undefined
    const target = parseHostPort(value)
    if (target) return target
    ctx.addIssue({
      code: 'custom',
      message: `must be host:port (ris.hospital.org:2575), not ${JSON.stringify(value)}`,
    })
    return z.NEVER
  }),
  HL7_SEND_PRELIMINARY: z
    .enum(['0', '1', 'true', 'false', 'yes', 'no', ''])
    .optional()
    .transform((v) => v !== undefined && ['1', 'true', 'yes'].includes(v)),
  HL7_TIME_ZONE: optionalText.refine((zone) => zone === undefined || isTimeZone(zone), {
    message: 'must be an IANA time zone such as Europe/Berlin',
  }),
  HL7_PROCESSING_IDS: z
    .string()
    .default('P')
    .transform((v) =>
      v
        .split(',')
        .map((id) => id.trim().toUpperCase())
        .filter(Boolean),
    ),
  HL7_SENDING_APPLICATION: z.string().default('READOUT'),
  HL7_SENDING_FACILITY: z.string().default('RADIOLOGY'),
  HL7_RECEIVING_APPLICATION: z.string().default(''),
  HL7_RECEIVING_FACILITY: z.string().default(''),
  HL7_ACK_TIMEOUT_MS: z.coerce.number().int().min(50).max(600_000).default(30_000),
  HL7_RETRY_MIN_MS: z.coerce.number().int().min(10).max(3_600_000).default(5_000),
  HL7_RETRY_MAX_MS: z.coerce.number().int().min(10).max(86_400_000).default(300_000),
  HL7_OUTBOX_POLL_MS: z.coerce.number().int().min(10).max(3_600_000).default(5_000),
  HL7_MRN_IDENTIFIER_TYPE: z
    .string()
    .default('MR')
    .transform((v) => v.trim().toUpperCase() || 'MR'),
  HL7_MRN_AUTHORITY: optionalText,
  HL7_MAX_MESSAGE_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(64 * 1024 * 1024)
    .default(1024 * 1024),
  HL7_IDLE_TIMEOUT_S: z.coerce.number().int().min(1).max(86_400).default(60),
  HL7_MAX_CONNECTIONS: z.coerce.number().int().min(1).max(10_000).default(64),
}

type Hl7Env = { [K in keyof typeof hl7Env]: z.output<(typeof hl7Env)[K]> }

export function hl7Config(e: Hl7Env): Hl7Config {
  return {
    listenPort: e.HL7_LISTEN_PORT ?? null,
    sendTo: e.HL7_SEND_TO ?? null,
    sendPreliminary: e.HL7_SEND_PRELIMINARY,
    timeZone: e.HL7_TIME_ZONE ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
    processingIds: e.HL7_PROCESSING_IDS,
    sendingApplication: e.HL7_SENDING_APPLICATION,
    sendingFacility: e.HL7_SENDING_FACILITY,
    receivingApplication: e.HL7_RECEIVING_APPLICATION,
    receivingFacility: e.HL7_RECEIVING_FACILITY,
    ackTimeoutMs: e.HL7_ACK_TIMEOUT_MS,
    retryMinMs: e.HL7_RETRY_MIN_MS,
    retryMaxMs: Math.max(e.HL7_RETRY_MAX_MS, e.HL7_RETRY_MIN_MS),
    pollMs: e.HL7_OUTBOX_POLL_MS,
    mrn: { identifierType: e.HL7_MRN_IDENTIFIER_TYPE, authority: e.HL7_MRN_AUTHORITY ?? null },
    maxMessageBytes: e.HL7_MAX_MESSAGE_BYTES,
    idleTimeoutMs: e.HL7_IDLE_TIMEOUT_S * 1000,
    maxConnections: e.HL7_MAX_CONNECTIONS,
  }
}
