/**
 * Order ingest benchmark (INT-1, INT-3) on a throw-away PostgreSQL cluster: the real server with
 * its MLLP listener, fed ORM^O01 messages one at a time over one kept connection, as a RIS sends
 * them (the next message after the previous one's ACK, which comes after its commit), against a
 * floor measured in the same run: the same transaction's work sent by a bare `pg` client, one
 * statement per table it writes (BEGIN, the control id's lock, the patient's upsert, the order's
 * insert, the message's record, COMMIT). Product and floor alternate message by message, so what
 * the machine does meanwhile falls on both alike. Each message is a new order; every other one
 * is for a patient already known (the upsert's update path). Prints messages per second, p50
 * and p95, and the ratio of the rates; asserts nothing.
 *
 * Run: npx tsx scripts/bench-hl7.ts [messages=600] [--json FILE]
 */
import { writeFileSync } from 'node:fs'
import net from 'node:net'
import pg from 'pg'
import { openDatabase } from '../server/db/client'
import { frame, MllpDecoder } from '../server/integration/hl7/mllp'
import { startPostgresCluster } from '../tests/support/postgresCluster'
import { benchArgs, percentile, startBenchServer, timedPair } from './benchHttp'

const { positional, json: JSON_FILE } = benchArgs()
const MESSAGES = Number(positional[0] ?? 600)
const RUN = Date.now().toString(36)

/** The i-th message's identifiers: a new accession each time, a patient new every other time. */
const ids = (side: 'p' | 'f', i: number) => ({
  controlId: `${side}${RUN}-${String(i)}`,
  accession: `${side.toUpperCase()}${RUN}${String(i)}`,
  mrn: `${side.toUpperCase()}M${RUN}${String(Math.floor(i / 2))}`,
})

function orm(i: number): string {
  const { controlId, accession, mrn } = ids('p', i)
  return [
    `MSH|^~\\&|RIS|HOSP|READOUT|RAD|20261127083000||ORM^O01|${controlId}|P|2.5.1`,
    `PID|1||${mrn}^^^HOSP^MR||Benchmark^Ada||19700214|F`,
    `ORC|NW|P${accession}|F${accession}||SC||^^^20261127083000^^R||20261127083000`,
    `OBR|1|P${accession}|F${accession}|71260^CT CHEST WITH CONTRAST^C4|||20261127083000|||||||||||${accession}||||||CT|||^^^^^R||||^Cough`,
  ].join('\r')
}

/** One MLLP connection that sends a message and waits for the frame that answers it. */
async function mllpClient(port: number) {
  const socket = net.connect({ host: '127.0.0.1', port })
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve)
    socket.once('error', reject)
  })
  const decoder = new MllpDecoder()
  let waiting: ((text: string) => void) | null = null
  socket.on('data', (chunk: Buffer) => {
    for (const event of decoder.push(chunk)) {
      if (event.kind === 'frame' && waiting) {
        const done = waiting
        waiting = null
        done(event.bytes.toString('utf8'))
      }
    }
  })
  return {
    send(message: string): Promise<string> {
      return new Promise((resolve) => {
        waiting = resolve
        socket.write(frame(Buffer.from(message, 'utf8')))
      })
    },
    close: () => socket.destroy(),
  }
}

/** The floor: the same transaction's work from a bare client, one statement per table. */
function floorRun(client: pg.Client) {
  let sent = 0
  return async () => {
    const { controlId, accession, mrn } = ids('f', sent++)
    await client.query('BEGIN')
    await client.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [
      `hl7:RIS|HOSP:${controlId}`,
    ])
    const patient = await client.query<{ id: string }>(
      `insert into patients (id, mrn, mrn_authority, first_name, last_name, date_of_birth, sex)
       values (gen_random_uuid()::text, $1, 'HOSP', 'Ada', 'Benchmark', '1970-02-14', 'female')
       on conflict (mrn) do update set first_name = excluded.first_name returning id`,
      [mrn],
    )
    await client.query(
      `insert into orders (id, patient_id, status, original_status, modality, body_part,
         study_description, priority, accession_number, placer_order_number, filler_order_number,
         procedure_code, procedure_coding_system, indication, ordered_at)
       values (gen_random_uuid()::text, $1, 'scheduled', 'scheduled', 'CT', 'chest',
         'CT CHEST WITH CONTRAST', 'routine', $2, $3, $4, '71260', 'C4', 'Cough', now())`,
      [patient.rows[0]?.id, accession, `P${accession}`, `F${accession}`],
    )
    await client.query(
      `insert into hl7_inbound (sender, control_id, message_type, accession_number, ack_code)
       values ('RIS|HOSP', $1, 'ORM^O01', $2, 'AA')`,
      [controlId, accession],
    )
    await client.query('COMMIT')
  }
}

async function main() {
  const cluster = await startPostgresCluster()
  if (!cluster) throw new Error('bench-hl7 needs the PostgreSQL binaries (initdb, pg_ctl).')
  try {
    const admin = new pg.Client({ connectionString: cluster.adminUrl })
    await admin.connect()
    await admin.query('CREATE DATABASE bench_hl7')
    await admin.end()
    const url = cluster.adminUrl.replace(/\/postgres$/, '/bench_hl7')
    const database = await openDatabase({ kind: 'postgres', url })
    const server = await startBenchServer(
      database.db,
      1000,
      { HL7_LISTEN_PORT: '0' },
      database.listen,
    )
    const port = server.app.hl7.port()
    if (port === null) throw new Error('the MLLP listener did not start')
    const ris = await mllpClient(port)
    const floorClient = new pg.Client({ connectionString: url })
    await floorClient.connect()
    let refused = 0
    // timedPair's warm-up repeats indices: each side counts its own messages.
    let sent = 0
    const times = await timedPair(
      MESSAGES,
      async () => {
        const ack = await ris.send(orm(sent++))
        if (!/\rMSA\|(AA|CA)\|/.test(ack)) refused += 1
      },
      floorRun(floorClient),
    )
    ris.close()
    await floorClient.end()
    await server.close()
    await database.close()
    const rate = (list: number[]) => 1000 / (list.reduce((a, b) => a + b, 0) / list.length)
    const result = {
      messages: MESSAGES,
      product: {
        perSecond: rate(times.product),
        p50Ms: percentile(times.product, 50),
        p95Ms: percentile(times.product, 95),
        refused,
      },
      floor: {
        perSecond: rate(times.floor),
        p50Ms: percentile(times.floor, 50),
        p95Ms: percentile(times.floor, 95),
      },
      ratio: rate(times.product) / rate(times.floor),
    }
    console.log(
      `HL7 order ingest on PostgreSQL, ${String(MESSAGES)} messages: ` +
        `${result.product.perSecond.toFixed(0)}/s (p50 ${result.product.p50Ms.toFixed(2)} ms, p95 ${result.product.p95Ms.toFixed(2)} ms, ${String(refused)} not AA) ` +
        `/ bare pg ${result.floor.perSecond.toFixed(0)}/s (p50 ${result.floor.p50Ms.toFixed(2)} ms, p95 ${result.floor.p95Ms.toFixed(2)} ms) ` +
        `= ${result.ratio.toFixed(2)}x (goal >= 0.5x)`,
    )
    if (JSON_FILE) writeFileSync(JSON_FILE, `${JSON.stringify(result, null, 2)}\n`)
  } finally {
    cluster.stop()
  }
}

void main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
