/**
 * Starts a throw-away PostgreSQL cluster (postgresCluster.ts) for the `server-pg` test project and
 * provides its admin URL to the tests. Without the binaries the PostgreSQL run is skipped, unless
 * REQUIRE_POSTGRES=1 (CI), where a missing PostgreSQL fails.
 */
import type { TestProject } from 'vitest/node'
import { startPostgresCluster } from './postgresCluster'

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string | null
  }
}

export default async function setup(project: TestProject) {
  const cluster = await startPostgresCluster()
  if (!cluster) {
    if (process.env.REQUIRE_POSTGRES === '1') {
      throw new Error('REQUIRE_POSTGRES=1 but initdb/pg_ctl were not found on this machine.')
    }
    console.warn('PostgreSQL binaries not found: the server-pg project is skipped.')
    project.provide('pgAdminUrl', null)
    return
  }
  project.provide('pgAdminUrl', cluster.adminUrl)
  return () => {
    cluster.stop()
  }
}
