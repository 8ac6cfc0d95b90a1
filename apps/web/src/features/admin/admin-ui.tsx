import type { InputHTMLAttributes, ReactNode } from 'react'
import type { UseQueryResult } from '@tanstack/react-query'
import { errorMessage } from '../../lib/api-error'
import { Field } from '../../ui/field'
import { Spinner } from '../../ui/spinner'

const dateTime = new Intl.DateTimeFormat('pt-BR', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'America/Sao_Paulo',
})

/** "23/11/2026, 14:05" in Brasília time; an em dash when there is no date. */
export const formatDateTime = (iso: string | null) => (iso ? dateTime.format(new Date(iso)) : '—')

/** Loading and failure states shared by every section; children render only with data. */
export function QueryState<T>({
  query,
  loading,
  failed,
  children,
}: {
  query: UseQueryResult<T>
  loading: string
  failed: string
  children: (data: T) => ReactNode
}) {
  if (query.isPending) return <Spinner label={loading} />
  if (query.isError)
    return (
      <p className="form-error" role="alert">
        {errorMessage(query.error, failed)}
      </p>
    )
  return <>{children(query.data)}</>
}

/**
 * A table that becomes a stack of cards on a phone: every cell carries its column name in
 * `data-label`, which the phone layout shows before the value.
 */
export function DataTable({
  caption,
  columns,
  empty,
  children,
  hasRows,
}: {
  caption: string
  columns: readonly string[]
  empty: string
  hasRows: boolean
  children: ReactNode
}) {
  if (!hasRows) return <p className="admin__empty">{empty}</p>
  return (
    <div className="admin-table__wrap">
      <table className="admin-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  )
}

/** A list query as a DataTable: QueryState's loading and failure, then one row per item. */
export function QueryTable<T>({
  query,
  loading,
  failed,
  children,
  ...table
}: {
  query: UseQueryResult<T[]>
  loading: string
  failed: string
  caption: string
  columns: readonly string[]
  empty: string
  children: (row: T) => ReactNode
}) {
  return (
    <QueryState query={query} loading={loading} failed={failed}>
      {(rows) => (
        <DataTable {...table} hasRows={rows.length > 0}>
          {rows.map((row) => children(row))}
        </DataTable>
      )}
    </QueryState>
  )
}

export function Cell({
  label,
  children,
  className,
}: {
  label: string
  children: ReactNode
  className?: string
}) {
  return (
    <td data-label={label} className={className}>
      {/* One box per cell, so the phone layout's label + value grid keeps two columns. */}
      <div>{children}</div>
    </td>
  )
}

export function Badge({
  tone,
  children,
}: {
  tone: 'sea' | 'sun' | 'sand' | 'danger' | 'success'
  children: ReactNode
}) {
  return <span className={`admin-badge admin-badge--${tone}`}>{children}</span>
}

/** A labelled input with an optional hint, in the app's field style. */
export function AdminInput({
  id,
  label,
  hint,
  ...input
}: { id: string; label: string; hint?: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Field id={id} label={label} hint={hint}>
      <input
        id={id}
        className="field__input"
        aria-describedby={hint ? `${id}-hint` : undefined}
        {...input}
      />
    </Field>
  )
}
