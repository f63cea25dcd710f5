/**
 * Drizzle schema. One conversation per order (shared by every clinician who reads it); each
 * message records its author. Timestamps are timestamptz; ids are opaque text.
 */
// The tables by what they hold; drizzle-kit reads them all from here (drizzle.config.ts).
export * from './clinicalSchema'
export * from './identitySchema'
export * from './departmentSchema'
export * from './outcomesSchema'
