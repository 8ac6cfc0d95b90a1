// Column helpers shared by the tables of every module.
import { customType, timestamp } from 'drizzle-orm/pg-core'

export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
})

/** zod 4 types enum options as an array; Drizzle wants a non-empty tuple. */
export const values = <T extends string>(options: readonly T[]) => options as [T, ...T[]]

export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
