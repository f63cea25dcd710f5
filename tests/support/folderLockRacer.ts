/**
 * One of several processes racing for a data folder's lock (tests/server/dataFolderLock.test.ts).
 * Run with `node --import tsx tests/support/folderLockRacer.ts DATA_DIR`; it answers lines on
 * stdin with one line on stdout each:
 *   `go AT`    waits until the clock reads AT (ms since 1970), so that every racer starts
 *              together, then tries to lock: `{"won":true}` or `{"won":false,"holder":PID}`
 *   `release`  releases the lock if it won: `released`
 * It exits when stdin closes.
 */
import { createInterface } from 'node:readline'
import { DataFolderLockedError, lockDataFolder, type FolderLock } from '../../server/db/folderLock'

const dataDir = process.argv[2]
if (dataDir === undefined) throw new Error('usage: folderLockRacer.ts DATA_DIR')

let lock: FolderLock | undefined
const lines = createInterface({ input: process.stdin })
lines.on('line', (line) => {
  void answer(line).then((reply) => {
    process.stdout.write(`${reply}\n`)
  })
})

async function answer(line: string): Promise<string> {
  const [command, at] = line.split(' ')
  if (command === 'release') {
    lock?.release()
    lock = undefined
    return 'released'
  }
  const start = Number(at)
  // A busy wait: a timer would wake each racer at a different moment.
  while (Date.now() < start) {
    /* spin until the common start */
  }
  try {
    lock = await lockDataFolder(dataDir ?? '')
    return JSON.stringify({ won: true })
  } catch (error) {
    if (error instanceof DataFolderLockedError) {
      return JSON.stringify({ won: false, holder: error.holder.pid })
    }
    return JSON.stringify({ won: false, error: String(error) })
  }
}

process.stdout.write('ready\n')
