import type { ConnectionRunCounts } from '@app/shared/connections';
import type { AppContext } from '../context.js';

/**
 * For operators (GET /api/admin/connection-runs): per calendar month (UTC), the runs accepted, the runs refused at
 * the plans' monthly limits and how many customers had one refused; the last `months` months, newest first.
 */
export async function connectionRunCounts(ctx: Pick<AppContext, 'db'>, months: number): Promise<ConnectionRunCounts> {
  const { rows } = await ctx.db.query<{ month: string; runs: number; refused: number; customers_refused: number }>(
    `select to_char(g.m, 'YYYY-MM') as month,
            coalesce(sum(u.runs), 0)::int as runs,
            coalesce(sum(u.refused), 0)::int as refused,
            (count(u.user_id) filter (where u.refused > 0))::int as customers_refused
       from generate_series(date_trunc('month', now() at time zone 'utc') - make_interval(months => $1::int - 1),
                            date_trunc('month', now() at time zone 'utc'), interval '1 month') as g(m)
       left join internal.connection_run_usage u on u.month = g.m::date
      group by g.m
      order by g.m desc`,
    [months],
  );
  return { months: rows.map((r) => ({ month: r.month, runs: r.runs, refused: r.refused, customersRefused: r.customers_refused })) };
}
