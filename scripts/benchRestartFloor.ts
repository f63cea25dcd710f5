/**
 * The restart benchmark's floor (bench-restart.ts): the least a server on the same data folder
 * must do before it answers. It opens the folder with PGlite, then listens with a bare Fastify
 * and answers two routes: /healthz, and /orders, every order with its patient read in one query
 * and sent as JSON (the product's worklist read answers the same orders, with far more work).
 * bench-restart.ts bundles it as it bundles the server and spawns it the same way.
 *
 * Environment: DATA_DIR (the folder), PORT.
 */
import { PGlite } from '@electric-sql/pglite'
import Fastify from 'fastify'

const dataDir = process.env.DATA_DIR
if (!dataDir) throw new Error('DATA_DIR is required')
const database = new PGlite(dataDir)
await database.waitReady
const app = Fastify()
app.get('/healthz', () => ({ ok: true }))
app.get('/orders', async () => {
  const result = await database.query(
    `select o.id, o.accession_number, o.status, o.modality, o.body_part, o.study_description,
            o.priority, o.indication, o.ordered_at, p.mrn, p.first_name, p.last_name,
            p.date_of_birth, p.sex
       from orders o join patients p on p.id = o.patient_id
      order by o.ordered_at desc`,
  )
  return result.rows
})
const stop = () => {
  void app
    .close()
    .then(() => database.close())
    .finally(() => process.exit(0))
}
process.once('SIGTERM', stop)
process.once('SIGINT', stop)
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) })
console.log('floor listening')
