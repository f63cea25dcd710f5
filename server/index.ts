/**
 * `npm run serve` (and `npm start` after the build): opens the database (embedded PGlite in
 * DATA_DIR, or PostgreSQL at DATABASE_URL), seeds the demo worklist into an empty database, and
 * serves the API, the local identity endpoints and the SPA.
 */
import { createAssistant } from './assistant'
import { buildApp } from './app'
import { loadConfig } from './config'
import { exitOnSignals } from './ops/shutdown'
import { openDatabase } from './db/client'
import { seedDemoData } from './seed/seed'

async function main() {
  const config = loadConfig()
  // The seed runs under the migrations' start-up lock: instances starting together on one
  // PostgreSQL take turns, and the later ones find it done (OPS-5).
  const database = await openDatabase(config.database, {
    afterMigrations: config.seed
      ? async (db) => {
          const seeded = await seedDemoData(db, { now: new Date() })
          if ('patients' in seeded)
            console.log(
              `Seeded the demo worklist: ${seeded.patients} patients, ${seeded.orders} orders.`,
            )
        }
      : undefined,
  })
  const app = await buildApp({
    config,
    db: database.db,
    listen: database.listen,
    assistant: createAssistant(config.assistant),
  })

  // SIGTERM, SIGINT: stop taking requests, finish what is under way, close the database so
  // PGlite flushes its files, exit within ten seconds (OPS-15, OPS-16).
  exitOnSignals(app, database)

  const address = await app.listen({ host: config.host, port: config.port })
  const where =
    config.database.kind === 'postgres'
      ? 'PostgreSQL (DATABASE_URL)'
      : `PGlite in ${config.database.kind === 'pglite' ? config.database.dataDir : 'memory'}`
  const identity =
    config.identity.mode === 'local'
      ? `local identity, sign-up ${config.identity.allowSignup ? 'open' : 'closed'}`
      : `Descope project ${config.identity.projectId}`
  console.log(`Readout is serving ${address}`)
  const names =
    config.publicOrigins.kind === 'configured'
      ? config.publicOrigins.origins.join(', ')
      : `${config.publicOrigins.hostnames.join(', ')} on port ${new URL(address).port} (set PUBLIC_ORIGIN to the address users open)`
  console.log(`  answers to: ${names}`)
  console.log(
    `  database: ${where}; ${identity}; speech: ${config.speech.kind}; assistant: ${config.assistant.provider}`,
  )
  const hl7Port = app.hl7.port()
  const sendTo = config.hl7.sendTo
  console.log(
    `  HL7: orders in ${hl7Port === null ? 'off (HL7_LISTEN_PORT)' : `on MLLP ${config.host}:${hl7Port}`}; results out ${sendTo ? `to ${sendTo.host}:${sendTo.port}` : 'off (HL7_SEND_TO)'}`,
  )
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err)
  process.exit(1)
})
