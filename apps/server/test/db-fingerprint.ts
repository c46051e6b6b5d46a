import type pg from 'pg';

/**
 * Tables whose rows change on purpose when a request is refused: `rate_limits` counts every
 * attempt, refused ones included (that is how a limit is reached). Everything else must be
 * untouched by a rejected request.
 */
const COUNTERS = new Set(['rate_limits']);

/** Per user table: its row count and an md5 of all its rows in primary-key order. */
export type Fingerprint = Record<string, { rows: number; md5: string }>;

let cachedSql: { pool: pg.Pool; sql: string } | undefined;

/** One statement over every table of the public schema (migrations bookkeeping aside), built once per pool. */
async function fingerprintSql(pool: pg.Pool): Promise<string> {
  if (cachedSql?.pool === pool) return cachedSql.sql;
  const { rows } = await pool.query<{ table: string; keys: string[] | null }>(`
    select c.relname as table,
           (select array_agg(a.attname::text order by k.ord)
              from pg_index i
              cross join unnest(i.indkey) with ordinality as k(attnum, ord)
              join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
             where i.indrelid = c.oid and i.indisprimary) as keys
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind = 'r'
     order by c.relname`);
  const parts = rows
    .filter((row) => !COUNTERS.has(row.table))
    .map(({ table, keys }) => {
      const quoted = `"${table.replaceAll('"', '""')}"`;
      // Rows ordered by primary key; a table without one by its whole row text (still deterministic).
      const order = keys?.length ? keys.map((key) => `t."${key.replaceAll('"', '""')}"`).join(', ') : 't::text';
      return `select '${table.replaceAll("'", "''")}' as table, count(*)::int as rows,
                     md5(coalesce(string_agg(t::text, E'\\n' order by ${order}), '')) as md5
                from ${quoted} t`;
    });
  const sql = parts.join('\nunion all\n');
  cachedSql = { pool, sql };
  return sql;
}

/** The state of the database, to compare before and after requests that must change nothing. */
export async function dbFingerprint(pool: pg.Pool): Promise<Fingerprint> {
  const { rows } = await pool.query<{ table: string; rows: number; md5: string }>(await fingerprintSql(pool));
  return Object.fromEntries(rows.map((row) => [row.table, { rows: row.rows, md5: row.md5 }]));
}
